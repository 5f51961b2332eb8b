/**
 * The decision records (docs/decisions) keep one header, a record that stops being true is
 * superseded on both sides, the index README is what `npm run decisions` writes now, and an
 * Accepted record names files that exist. No database: this file only reads the repository.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DECISIONS_DIR,
  INDEX_FILE,
  linkProblems,
  parseRecord,
  readRecords,
  recordFiles,
  renderIndex,
} from "../../scripts/decisions-index.mjs";

const header = (status: string, supersedes = "—") =>
  `# 0700 A title\n\nStatus: ${status}\nDate: 2026-11-24\nSupersedes: ${supersedes}\n\nThe body.\n`;

describe("decision records", () => {
  it("every record opens with '# NNNN Title', Status, Date and Supersedes", () => {
    const wrong: string[] = [];
    for (const file of recordFiles()) {
      try {
        parseRecord(file, fs.readFileSync(path.join(DECISIONS_DIR, file), "utf8"));
      } catch (error) {
        wrong.push((error as Error).message);
      }
    }
    expect(wrong, "records without the header (see docs/decisions/README.md)").toEqual([]);
  });

  it("no two records share a number, and both sides of every supersession say so", () => {
    expect(linkProblems(readRecords())).toEqual([]);
  });

  it("an Accepted record names files that exist", () => {
    expect(missingPaths(), "rename the path in the record, or list it below when the record names a file of the past").toEqual([]);
  });

  it("the index is what `npm run decisions` writes now", () => {
    const written = fs.existsSync(INDEX_FILE) ? fs.readFileSync(INDEX_FILE, "utf8") : "";
    expect(written, "docs/decisions/README.md is not current: run npm run decisions").toBe(renderIndex(readRecords()));
  });
});

/**
 * Files an Accepted record names on purpose although they are gone: what the decision
 * replaced or split up, told as history.
 */
const PAST_FILES: Record<string, string[]> = {
  "0522-links-and-forms-as-react-router-intends.md": ["app/ui/link-navigation.ts"],
  "0523-react-router-as-published.md": ["server/route-table-memo.ts"],
  "0526-feed-and-board-data-as-typed-values.md": ["app/platform/packed-json.ts"],
  "0527-translations-by-glows-own-name.md": ["i18n-runtime/swap.ts"],
  "0542-register-and-avatar-through-the-seam.md": ["features/auth/sessions.server.ts"],
  "1100-console-pages-by-key.md": ["app/platform/this-machine.server.ts"],
};

/**
 * `record: path` for every path in backticks of an Accepted record that names no file or
 * folder: a path with a folder and a file's extension (or ending in "/"), read from the
 * repository's root, from app/ or from app/features/ (records say `features/x` and `x/y.ts`
 * too). Package paths (`react-dom/server`) and what git ignores (`bench/results.json`, a
 * generated file) are not files of the repository.
 */
function missingPaths(): string[] {
  const root = path.resolve(DECISIONS_DIR, "..", "..");
  const missing: Array<{ record: string; path: string }> = [];
  for (const record of readRecords().filter((r) => r.status === "Accepted")) {
    const text = fs.readFileSync(path.join(DECISIONS_DIR, record.file), "utf8");
    for (const [, named] of text.matchAll(/`([^`\s]+)`/g)) {
      if (!/^~?[\w.-]*(\/[\w.+-]+)+(\.[a-z]+|\/)$/.test(named!) || named!.startsWith("./")) continue;
      const relative = named!.replace(/^~\//, "app/");
      if (fs.existsSync(path.join(root, "node_modules", relative.split("/")[0]!))) continue;
      // Installed files are not the repository's (and in a worktree whose node_modules is a
      // link, git check-ignore refuses every path "beyond a symbolic link").
      if (relative.startsWith("node_modules/")) continue;
      if (PAST_FILES[record.file]?.includes(named!)) continue;
      if (["", "app", "app/features"].some((base) => fs.existsSync(path.join(root, base, relative)))) continue;
      missing.push({ record: record.file, path: relative });
    }
  }
  if (missing.length === 0) return [];
  const check = spawnSync("git", ["check-ignore", "--stdin"], { cwd: root, input: missing.map((m) => m.path).join("\n"), encoding: "utf8" });
  const ignored = new Set(check.stdout.split("\n"));
  return missing.filter((m) => !ignored.has(m.path)).map((m) => `${m.record}: ${m.path}`);
}

describe("the header check", () => {
  it("reads a well-formed header", () => {
    expect(parseRecord("0700-a-title.md", header("Superseded by 0701, 0702", "0101 (its resends), 0109"))).toMatchObject({
      number: "0700",
      title: "A title",
      status: "Superseded by 0701, 0702",
      supersededBy: ["0701", "0702"],
      date: "2026-11-24",
      supersedes: ["0101", "0109"],
    });
  });

  it.each([
    ["a dash in the title", header("Accepted").replace("# 0700 A", "# 0700 — A")],
    ["no Status, Date or Supersedes", "# 0700 A title\n\nThe body.\n"],
    ["a lower-case status with a note", header("accepted (issue 4)")],
    ["a bold status", header("Accepted").replace("Status: Accepted", "**Status:** Accepted")],
    ["a date in another form", header("Accepted").replace("2026-11-24", "24 November 2026")],
    ["an empty Supersedes", header("Accepted", "")],
    ["no blank line before the body", header("Accepted").replace("—\n\n", "—\n")],
  ])("refuses %s", (_, text) => {
    expect(() => parseRecord("0700-a-title.md", text)).toThrow(/0700-a-title\.md: line \d/);
  });

  it("refuses a title whose number is not the file's", () => {
    expect(() => parseRecord("0701-a-title.md", header("Accepted"))).toThrow(/not the file's 0701/);
  });
});

describe("the supersession check", () => {
  const record = (file: string, status: string, supersedes = "—") =>
    parseRecord(file, header(status, supersedes).replace("0700", file.slice(0, 4)));

  it("accepts both sides saying it", () => {
    expect(linkProblems([record("0100-old.md", "Superseded by 0500"), record("0500-new.md", "Accepted", "0100")])).toEqual(
      [],
    );
  });

  it("finds a shared number", () => {
    expect(linkProblems([record("0100-one.md", "Accepted"), record("0100-two.md", "Accepted")])).toEqual([
      "0100-two.md and 0100-one.md share the number 0100",
    ]);
  });

  it("finds a 'Superseded by' naming no record", () => {
    expect(linkProblems([record("0100-old.md", "Superseded by 0500")])).toEqual([
      '0100-old.md is "Superseded by 0500", but there is no record 0500',
    ]);
  });

  it("finds a 'Superseded by' the newer record's Supersedes line does not list", () => {
    expect(linkProblems([record("0100-old.md", "Superseded by 0500"), record("0500-new.md", "Accepted")])).toEqual([
      `0100-old.md is "Superseded by 0500", but 0500-new.md's Supersedes line does not list 0100`,
    ]);
  });

  it("finds a Supersedes the older record's status does not match", () => {
    expect(linkProblems([record("0100-old.md", "Accepted"), record("0500-new.md", "Accepted", "0100, 0200")])).toEqual([
      `0500-new.md supersedes 0100, but 0100-old.md's status is "Accepted", not "Superseded by … 0500"`,
      "0500-new.md supersedes 0200, but there is no record 0200",
    ]);
  });
});
