/**
 * Fewer script files for a page's first load (decision 1260). A slow phone talks to Glow
 * over HTTP/1.1: six connections, and every request waits a whole round trip (562 ms on
 * Slow 4G) before its first byte. Left to itself, Rollup cut the code every page loads
 * (React, React Router, the client entry, the root route's parts) into 17 files, so the
 * phone fetched them in three or four waves, one round trip each, before it could hydrate.
 *
 * Every module the client entry or the root route imports statically is loaded by every
 * page, so putting them in one file costs no page a byte it did not already load; gzip
 * even compresses them a little better together. Routes keep their own files, and parts
 * loaded later (`import()`) stay apart, as Rollup chose.
 */
import type { Plugin } from "vite";

/** The one file every page loads (its name in the build; the hash follows). */
export const EVERY_PAGE_CHUNK = "glow";

/**
 * The modules `entries` import statically, transitively, each entry's own module left out
 * (an entry stays its own file: React Router's manifest names it).
 */
export function staticallyImported(graph: Pick<Graph, "getModuleInfo">, entries: readonly string[]): Set<string> {
  const found = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const id = queue.pop()!;
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (found.has(next) || entries.includes(next)) continue;
      found.add(next);
      queue.push(next);
    }
  }
  return found;
}

/** A module this small that this many routes import is worth a few bytes on the pages that do not. */
const SMALL_MODULE_BYTES = 2000;
const MANY_ROUTES = 8;

interface Graph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[]; code?: string | null } | null;
}

/**
 * The modules of the one file every page loads: what the client entry (`clientEntry`) and
 * the root route's module (`rootRoute`) import, and the small modules many routes share
 * whose own imports are in it too (an import left out would be pulled in with them, onto
 * every page). The two entries stay files of their own: React Router imports the root's
 * exports by its file's name, and the client entry hydrates the page as soon as it runs,
 * which must wait until the page's route modules are in place.
 */
export function everyPageModules(graph: Graph, clientEntry: (id: string) => boolean, rootRoute: (id: string) => boolean): Set<string> {
  const entries = [...graph.getModuleIds()].filter((m) => graph.getModuleInfo(m)?.isEntry);
  const everyPage = staticallyImported(graph, entries.filter((m) => clientEntry(m) || rootRoute(m)));
  const importers = new Map<string, number>();
  for (const route of entries.filter((m) => !clientEntry(m) && !rootRoute(m))) {
    for (const m of staticallyImported(graph, [route])) importers.set(m, (importers.get(m) ?? 0) + 1);
  }
  const shared = new Set(
    [...importers]
      .filter(([m, count]) => count >= MANY_ROUTES && (graph.getModuleInfo(m)?.code?.length ?? Infinity) < SMALL_MODULE_BYTES)
      .map(([m]) => m),
  );
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of shared) {
      if (graph.getModuleInfo(m)!.importedIds.every((i) => everyPage.has(i) || shared.has(i))) continue;
      shared.delete(m);
      changed = true;
    }
  }
  for (const m of shared) everyPage.add(m);
  return everyPage;
}

export function everyPageScripts({ clientEntry, rootRoute }: { clientEntry: (id: string) => boolean; rootRoute: (id: string) => boolean }): Plugin {
  return {
    name: "glow:every-page-scripts",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    outputOptions(options) {
      let everyPage: Set<string> | null = null;
      return {
        ...options,
        manualChunks(id, graph) {
          everyPage ??= everyPageModules(graph, clientEntry, rootRoute);
          return everyPage.has(id) ? EVERY_PAGE_CHUNK : undefined;
        },
      };
    },
  };
}
