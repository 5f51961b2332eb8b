/**
 * Features import each other in one direction only (decision 1202): lint keeps each import
 * to another feature's face, and this keeps the graph of faces without a cycle, which lint
 * cannot see one file at a time. Tests are left out: they may reach across.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FEATURES = path.resolve("app/features");
const IMPORT = /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Which features each feature imports, from its files' import and export statements. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(FEATURES)) {
    const from = path.relative(FEATURES, file).split(path.sep)[0]!;
    const uses = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const [, spec = "", dynamic = ""] of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const named = spec || dynamic;
      const target = named.startsWith("~/") ? path.resolve("app", named.slice(2)) : named.startsWith(".") ? path.resolve(path.dirname(file), named) : null;
      const to = target && !path.relative(FEATURES, target).startsWith("..") ? path.relative(FEATURES, target).split(path.sep)[0]! : null;
      if (to && to !== from) uses.add(to);
    }
  }
  return graph;
}

/** Every way back to where it started (a → b → a), each cycle once. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) found.add([...trail, start].join(" → "));
      else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const start of graph.keys()) walk(start, start, [start]);
  return [...found];
}

describe("the features", () => {
  it("import each other without a cycle", () => {
    // The first few are enough to see where to cut (a knot has very many).
    expect(cycles(featureGraph()).slice(0, 10), "a feature imports one that imports it back: publish what happened instead (platform/happened.server.ts)").toEqual([]);
  });

  it("the check finds a cycle, a long one too", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a", "d"])],
      ["d", new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual(["a → b → c → a"]);
    expect(cycles(new Map([["a", new Set(["b"])], ["b", new Set(["a"])]]))).toEqual(["a → b → a"]);
  });
});
