import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { pageCacheOf } from "~/platform/visitor-pages";

/** A page the visitors' page cache may keep, and the query parameters it reads. */
export interface VisitorPage {
  query: ReadonlySet<string>;
}

type Manifest = Pick<ServerBuild, "routes">["routes"];

/**
 * Which addresses are visitors' pages, from the routes themselves: the address is matched
 * against the build's routes as React Router matches it, and it is one when every route of
 * the page but the root layout opts in through `handle.pageCache` (platform/visitor-pages.ts).
 *
 * `matchRoutes` flattens and compiles the whole route tree on every call (decision 0520 has
 * the cost), so an address whose first segment no opted-in route starts with is answered
 * without it: `/locales/…`, `/avatars/…` and the other resources a visitor's browser asks for.
 */
export function visitorPages(build: Pick<ServerBuild, "routes">): (path: string) => VisitorPage | null {
  const tree = routeTree(build.routes);
  const firstSegments = optedInFirstSegments(build.routes);

  return (path) => {
    // React Router matches without regard to case (no route here says otherwise).
    if (firstSegments && !firstSegments.has((path.split("/", 2)[1] ?? "").toLowerCase())) return null;
    const matches = matchRoutes(tree, path);
    if (!matches) return null;
    const query = new Set<string>();
    let pages = 0;
    for (const { route } of matches) {
      if (route.id === "root") continue;
      const promise = pageCacheOf(build.routes[route.id!]?.module.handle);
      if (!promise) return null;
      pages++;
      for (const name of promise.query ?? []) query.add(name);
    }
    return pages > 0 ? { query } : null;
  };
}

/** The build's route manifest as the nested route objects `matchRoutes` takes. */
function routeTree(manifest: Manifest): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject);
    children.set(route.parentId, siblings);
  }
  const withChildren = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const below = children.get(route.id);
      return below ? ({ ...route, children: withChildren(below) } as RouteObject) : route;
    });
  return withChildren(children.get(undefined) ?? []);
}

/**
 * The first path segments the opted-in routes' addresses start with ("" for the home page),
 * or null when one of them starts with a parameter or a splat (then every address is matched).
 */
function optedInFirstSegments(manifest: Manifest): Set<string> | null {
  const fullPath = (id: string | undefined): string => {
    const route = id ? manifest[id] : undefined;
    if (!route) return "";
    return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  const segments = new Set<string>();
  for (const route of Object.values(manifest)) {
    if (!route || !pageCacheOf(route.module.handle)) continue;
    const first = fullPath(route.id).replace(/^\/+/, "").split("/", 1)[0]!;
    if (first.startsWith(":") || first.startsWith("*") || first.endsWith("?")) return null;
    segments.add(first.toLowerCase());
  }
  return segments;
}
