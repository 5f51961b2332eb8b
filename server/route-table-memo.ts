import type { Plugin } from "vite";

/**
 * React Router 7 rebuilds its whole route table twice on every server render: `ServerRouter`
 * turns the build's route manifest into route objects (`createServerRoutes`) and
 * `createStaticRouter` converts those into data routes (`convertRoutesToDataRoutes`). It
 * also matches the path against every route, twice a request. None of this depends on
 * anything but the build and the path; with Glow's 47 routes it cost about a sixth of a
 * rendered page's CPU. This plugin rewrites those places in the server build: the tables
 * are made once per build, and the matches of the last thousand paths (of up to 512
 * characters) are kept (docs/decisions/0027-route-table-once-per-build.md). Other work
 * that depends only on the build is done once in the same way: the list of route modules,
 * the environment check for build-time requests, `<Links>`' and `<Scripts>`' lists for a
 * set of matched routes, and `<ScrollRestoration>`'s script source.
 *
 * React Router is bundled into the server build for this (with every package that imports
 * it, so the process holds one copy). The browser build, development and vitest use React
 * Router as published. When an upgrade changes the code the rewrite expects, the build
 * fails with a message instead of silently shipping the slower path.
 */
export const reactRouterBundled = [
  "react-router",
  "@react-router/express",
  "@react-router/node",
  "remix-i18next",
  "remix-themes",
  "remix-toast",
  // Their own dependencies, which Glow does not list itself.
  "cookie",
  "set-cookie-parser",
  "@mjackson/node-fetch-server",
];

/** matchRoutesImpl's search: each precomputed branch in turn until one matches. */
const matchEveryBranch = `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }`;

/** The rewrites: each `from` must occur exactly once in React Router's server code. */
export const routeTableRewrites = [
  {
    what: "ServerRouter builds its route objects once per build",
    from: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    to: `  let routes = glowServerRoutesOnce(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    helper: `
var glowServerRoutes = new WeakMap();
function glowSameModules(a, b) {
  if (a === b) return true;
  let keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (let key of keys) if (a[key] !== b[key]) return false;
  return true;
}
function glowServerRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
  let kept = glowServerRoutes.get(manifestRoutes);
  if (kept && kept.future === future && kept.isSpaMode === isSpaMode && glowSameModules(kept.routeModules, routeModules)) {
    return kept.routes;
  }
  let routes = createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
  glowServerRoutes.set(manifestRoutes, { routeModules, future, isSpaMode, routes });
  return routes;
}
`,
  },
  {
    what: "createStaticRouter converts a route table to data routes once",
    from: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    to: `var glowDataRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let kept = glowDataRoutes.get(routes);
  if (!kept) {
    let manifest2 = {};
    kept = {
      manifest: manifest2,
      dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest2)
    };
    glowDataRoutes.set(routes, kept);
  }
  let { manifest, dataRoutes } = kept;`,
    helper: "",
  },
  {
    what: "matchRoutesImpl keeps the matches of the paths it has seen",
    from: `${matchEveryBranch}
  return matches;
}`,
    to: `  let seen = precomputedBranches && pathname.length <= GLOW_SEEN_PATH_LENGTH ? glowSeenPaths(precomputedBranches, allowPartial) : null;
  if (seen && seen.has(pathname)) return glowCopyMatches(seen.get(pathname));
${matchEveryBranch}
  if (seen) {
    if (seen.size >= GLOW_SEEN_PATHS) seen.clear();
    seen.set(pathname, matches);
    return glowCopyMatches(matches);
  }
  return matches;
}`,
    helper: `
var GLOW_SEEN_PATHS = 1000;
var GLOW_SEEN_PATH_LENGTH = 512;
var glowMatches = new WeakMap();
function glowSeenPaths(branches, allowPartial) {
  let seen = glowMatches.get(branches);
  if (!seen) {
    seen = [new Map(), new Map()];
    glowMatches.set(branches, seen);
  }
  return seen[allowPartial ? 1 : 0];
}
function glowCopyMatches(matches) {
  if (!matches) return matches;
  let params = { ...(matches[0] ? matches[0].params : {}) };
  return matches.map((match) => ({ ...match, params }));
}
`,
  },
  {
    what: "a document request's route modules are listed once per build",
    from: `      routeModules: createEntryRouteModules(build.routes),`,
    to: `      routeModules: glowEntryRouteModules(build.routes),`,
    helper: `
var glowRouteModules = new WeakMap();
function glowEntryRouteModules(routes) {
  let kept = glowRouteModules.get(routes);
  if (!kept) {
    kept = Object.freeze(createEntryRouteModules(routes));
    glowRouteModules.set(routes, kept);
  }
  return kept;
}
`,
  },
  {
    what: "the build-time header switch reads the environment once",
    from: `function getBuildTimeHeader(request, headerName) {
  if (typeof process !== "undefined") {`,
    to: `var glowBuildRequests;
function getBuildTimeHeader(request, headerName) {
  glowBuildRequests ??= typeof process !== "undefined" && process.env.IS_RR_BUILD_REQUEST === "yes";
  if (glowBuildRequests) {`,
    helper: "",
  },
  {
    what: "<Links> lists a set of matched routes' links once per build",
    from: `    () => getKeyedLinksForMatches(matches, routeModules, manifest),`,
    to: `    () => glowPerRoutes(routeModules, manifest, matches, () => getKeyedLinksForMatches(matches, routeModules, manifest)),`,
    helper: `
var GLOW_ROUTE_SETS = 200;
var glowPerRouteSets = new WeakMap();
function glowPerRoutes(owner, manifest, matches, make) {
  let kept = glowPerRouteSets.get(owner);
  if (!kept || kept.manifest !== manifest) {
    kept = { manifest, lists: new Map() };
    glowPerRouteSets.set(owner, kept);
  }
  let ids = "";
  for (let match of matches) ids += match.route.id + "\\0";
  let list = kept.lists.get(ids);
  if (list === void 0) {
    list = make();
    if (kept.lists.size >= GLOW_ROUTE_SETS) kept.lists.clear();
    kept.lists.set(ids, list);
  }
  return list;
}
`,
  },
  {
    what: "<Scripts> lists a set of matched routes' module preloads once per build",
    from: `  let preloads = isHydrated || isRSCRouterContext ? [] : [
    // Dedupe through a Set
    ...new Set(
      manifest.entry.imports.concat(
        getModuleLinkHrefs(matches, manifest, {
          includeHydrateFallback: true
        })
      )
    )
  ];`,
    to: `  let preloads = isHydrated || isRSCRouterContext ? [] : glowPerRoutes(glowPreloadsOwner, manifest, matches, () => [
    ...new Set(manifest.entry.imports.concat(getModuleLinkHrefs(matches, manifest, { includeHydrateFallback: true })))
  ]);`,
    helper: `
var glowPreloadsOwner = {};
`,
  },
  {
    what: "<Scripts> writes a set of matched routes' module script once per build",
    from: `    let routeModulesScript = !isStatic ? " " : \``,
    to: `    let routeModulesScript = !isStatic ? " " : enableFogOfWar ? glowModulesScript() : glowPerRoutes(glowModulesScriptOwner, manifest, matches, glowModulesScript);
    function glowModulesScript() { return \``,
    helper: `
var glowModulesScriptOwner = {};
`,
  },
  {
    what: "<Scripts>' module script ends where React Router's template ends",
    from: `import(\${JSON.stringify(manifest.entry.module)});\`;`,
    to: `import(\${JSON.stringify(manifest.entry.module)});\`; }`,
    helper: "",
  },
  {
    what: "<ScrollRestoration> writes its script's source once",
    from: `  }).toString();
  if (props.nonce == null && remixContext?.nonce) {`,
    to: `  });
  restoreScroll = glowRestoreScrollSource ??= restoreScroll.toString();
  if (props.nonce == null && remixContext?.nonce) {`,
    helper: `
var glowRestoreScrollSource;
`,
  },
] as const;

const reactRouterDist = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^?]*\.m?js$/;

/** Applies the rewrites that concern one file of React Router; throws if one is ambiguous. */
export function rewriteRouteTables(code: string): { code: string; applied: string[] } {
  const applied: string[] = [];
  for (const rewrite of routeTableRewrites) {
    const at = code.indexOf(rewrite.from);
    if (at === -1) continue;
    if (code.indexOf(rewrite.from, at + 1) !== -1) {
      throw new Error(`glow:route-table-memo: "${rewrite.what}" matches twice in one file`);
    }
    code = code.slice(0, at) + rewrite.to + code.slice(at + rewrite.from.length) + rewrite.helper;
    applied.push(rewrite.what);
  }
  // A rewrite may call a helper another one brings: both must land in the same file.
  for (const rewrite of routeTableRewrites.filter((r) => applied.includes(r.what))) {
    for (const [name] of rewrite.to.matchAll(/\bglow[A-Z]\w*/g)) {
      if (!new RegExp(`\\b(?:function|var) ${name}\\b`).test(code)) {
        throw new Error(`glow:route-table-memo: "${rewrite.what}" needs ${name}, which this file does not define`);
      }
    }
  }
  return { code, applied };
}

export function routeTableMemo(): Plugin {
  const applied = new Set<string>();
  let ssrBuild = false;
  return {
    name: "glow:route-table-memo",
    apply: "build",
    config(_config, env) {
      ssrBuild = Boolean(env.isSsrBuild);
      return ssrBuild ? { ssr: { noExternal: reactRouterBundled } } : undefined;
    },
    transform(code, id, options) {
      if (!options?.ssr || !reactRouterDist.test(id)) return null;
      const result = rewriteRouteTables(code);
      if (result.applied.length === 0) return null;
      for (const what of result.applied) applied.add(what);
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      if (error || !ssrBuild) return;
      const missing = routeTableRewrites.filter((r) => !applied.has(r.what)).map((r) => r.what);
      if (missing.length > 0) {
        this.error(
          `React Router's server code no longer has the shape server/route-table-memo.ts rewrites ` +
            `(${missing.join("; ")}). Check the new version and update the rewrite or remove it.`,
        );
      }
    },
  };
}
