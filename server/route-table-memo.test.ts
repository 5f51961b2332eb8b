import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rewriteRouteTables, routeTableRewrites } from "./route-table-memo";

const reactRouterDist = path.resolve(import.meta.dirname, "../node_modules/react-router/dist/development");

/** The files of React Router that its Node entry loads: index.mjs and the chunks it imports. */
function nodeEntryFiles(): string[] {
  const files: string[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const code = fs.readFileSync(path.join(reactRouterDist, file), "utf8");
    for (const [, next] of code.matchAll(/from "\.\/([\w.-]+\.mjs)"/g)) visit(next!);
  };
  visit("index.mjs");
  return files;
}

describe("the route table memo", () => {
  it("finds each place it rewrites exactly once in the installed React Router", () => {
    const files = nodeEntryFiles();
    expect(files.length).toBeGreaterThan(1);
    const applied: string[] = [];
    for (const file of files) {
      applied.push(...rewriteRouteTables(fs.readFileSync(path.join(reactRouterDist, file), "utf8")).applied);
    }
    expect(applied.sort()).toEqual(routeTableRewrites.map((r) => r.what).sort());
  });

  it("leaves code without those places untouched", () => {
    const code = "function ServerRouter() { return null; }\n";
    expect(rewriteRouteTables(code)).toEqual({ code, applied: [] });
  });

  it("refuses a file that would call a helper another file defines", () => {
    const scripts = routeTableRewrites.find((r) => r.what.includes("module preloads"))!;
    expect(() => rewriteRouteTables(scripts.from)).toThrow(/needs glowPerRoutes/);
  });

  it("refuses a file where a rewrite would match twice", () => {
    const twice = `${routeTableRewrites[0].from}\n${routeTableRewrites[0].from}`;
    expect(() => rewriteRouteTables(twice)).toThrow(/matches twice/);
  });

  describe("the server routes, built once per build", () => {
    // The helper as it lands in the server build, over a counting stand-in for React Router's
    // createServerRoutes.
    const helper = routeTableRewrites[0].helper;
    function setUp() {
      const calls: unknown[][] = [];
      const createServerRoutes = (...args: unknown[]) => {
        calls.push(args);
        return [{ built: calls.length }];
      };
      const once = new Function("createServerRoutes", `${helper}\nreturn glowServerRoutesOnce;`)(
        createServerRoutes,
      ) as (manifestRoutes: object, routeModules: object, future: object, isSpaMode: boolean) => unknown;
      return { calls, once };
    }
    const home = { default: () => null };
    const feed = { default: () => null };
    const future = { v8_middleware: true };

    it("answers the same route objects while the build is the same", () => {
      const { calls, once } = setUp();
      const manifest = { root: {}, home: {} };
      // React Router hands over a new routeModules object on every request, with the same modules.
      const first = once(manifest, { root: home, home: feed }, future, false);
      const second = once(manifest, { root: home, home: feed }, future, false);
      expect(second).toBe(first);
      expect(calls).toHaveLength(1);
    });

    it("builds again when a module, the manifest, the future flags or SPA mode differ", () => {
      const { calls, once } = setUp();
      const manifest = { root: {}, home: {} };
      const first = once(manifest, { root: home, home: feed }, future, false);
      expect(once(manifest, { root: home, home: { default: () => null } }, future, false)).not.toBe(first);
      expect(once(manifest, { root: home }, future, false)).not.toBe(first);
      expect(once({ ...manifest }, { root: home, home: feed }, future, false)).not.toBe(first);
      expect(once(manifest, { root: home, home: feed }, { ...future }, false)).not.toBe(first);
      expect(once(manifest, { root: home, home: feed }, future, true)).not.toBe(first);
      expect(calls).toHaveLength(6);
    });
  });

  describe("the route modules of a document request, listed once per build", () => {
    const rewrite = routeTableRewrites.find((r) => r.what.startsWith("a document request's route modules"))!;
    const entryModules = new Function(
      "createEntryRouteModules",
      `${rewrite.helper}\nreturn glowEntryRouteModules;`,
    )((routes: Record<string, { module: object }>) =>
      Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, route.module])),
    ) as (routes: object) => Record<string, object>;

    it("hands every request the same frozen list while the build is the same", () => {
      const root = { default: () => null };
      const routes = { root: { module: root } };
      const first = entryModules(routes);
      expect(first).toEqual({ root });
      expect(entryModules(routes)).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      // A new build (development's reload) gets its own list.
      expect(entryModules({ root: { module: root } })).not.toBe(first);
    });
  });

  describe("what <Links> and <Scripts> list for a set of matched routes", () => {
    const rewrite = routeTableRewrites.find((r) => r.what.startsWith("<Links> lists"))!;
    const { perRoutes, limit } = new Function(
      `${rewrite.helper}\nreturn { perRoutes: glowPerRoutes, limit: GLOW_ROUTE_SETS };`,
    )() as {
      perRoutes: <T>(owner: object, manifest: object, matches: { route: { id: string } }[], make: () => T) => T;
      limit: number;
    };
    const matches = (...ids: string[]) => ids.map((id) => ({ route: { id } }));

    it("makes a list once per build and set of routes", () => {
      const owner = {};
      const manifest = {};
      let made = 0;
      const make = () => [++made];
      const feed = perRoutes(owner, manifest, matches("root", "routes/newsfeed"), make);
      expect(perRoutes(owner, manifest, matches("root", "routes/newsfeed"), make)).toBe(feed);
      expect(perRoutes(owner, manifest, matches("root", "routes/newsfeed", "routes/newsfeed-post"), make)).toEqual([2]);
      // Route ids are kept apart: "a" + "b/c" is not "a/b" + "c".
      expect(perRoutes(owner, manifest, matches("a", "b/c"), make)).not.toBe(perRoutes(owner, manifest, matches("a/b", "c"), make));
      // Another build's manifest, or another owner, is made again.
      expect(perRoutes(owner, {}, matches("root", "routes/newsfeed"), make)).not.toBe(feed);
      expect(perRoutes({}, manifest, matches("root", "routes/newsfeed"), make)).not.toBe(feed);
    });

    it("keeps at most a couple of hundred sets of routes per build", () => {
      const owner = {};
      const manifest = {};
      const first = perRoutes(owner, manifest, matches("root", "x0"), () => ["x0"]);
      for (let i = 1; i <= limit; i++) perRoutes(owner, manifest, matches("root", `x${i}`), () => [`x${i}`]);
      expect(perRoutes(owner, manifest, matches("root", "x0"), () => ["again"])).not.toBe(first);
      expect(limit).toBe(200);
    });
  });

  describe("the matches of the paths seen", () => {
    const helper = routeTableRewrites[2].helper;
    const { seenPaths, copy, limit, longest } = new Function(
      `${helper}\nreturn { seenPaths: glowSeenPaths, copy: glowCopyMatches, limit: GLOW_SEEN_PATHS, longest: GLOW_SEEN_PATH_LENGTH };`,
    )() as {
      seenPaths: (branches: object, allowPartial: boolean) => Map<string, unknown>;
      copy: <T>(matches: T) => T;
      limit: number;
      longest: number;
    };

    it("keeps one list per route table and kind of match", () => {
      const branches = [{}];
      expect(seenPaths(branches, false)).toBe(seenPaths(branches, false));
      expect(seenPaths(branches, true)).not.toBe(seenPaths(branches, false));
      expect(seenPaths([{}], false)).not.toBe(seenPaths(branches, false));
      // At most a thousand paths of up to 512 characters: about a megabyte at worst.
      expect(limit).toBe(1000);
      expect(longest).toBe(512);
    });

    it("hands out copies, so a loader that changes its params changes no other request's", () => {
      const route = { id: "routes/newsfeed-post" };
      const params = { id: "7" };
      const kept = [
        { params, pathname: "/", pathnameBase: "/", route: { id: "root" } },
        { params, pathname: "/newsfeed/7", pathnameBase: "/newsfeed/7", route },
      ];
      const first = copy(kept);
      expect(first).toEqual(kept);
      expect(first[0]!.params).not.toBe(params);
      // The routes are shared; the params stay one object per request, as React Router makes them.
      expect(first[1]!.route).toBe(route);
      expect(first[1]!.params).toBe(first[0]!.params);
      first[1]!.params.id = "8";
      expect(copy(kept)[1]!.params.id).toBe("7");
      expect(copy(null)).toBeNull();
    });
  });
});
