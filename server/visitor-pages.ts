import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { pageCacheOf } from "~/platform/visitor-pages";

/** A page the visitors' page cache may keep, and the query parameters it reads. */
export interface VisitorPage {
  query: ReadonlySet<string>;
}

/**
 * Which addresses are visitors' pages, from the routes themselves: the address is matched
 * against the build's routes as React Router matches it, and it is one when every route of
 * the page but the root layout opts in through `handle.pageCache` (platform/visitor-pages.ts).
 */
export function visitorPages(build: Pick<ServerBuild, "routes">): (path: string) => VisitorPage | null {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
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
  const tree = withChildren(children.get(undefined) ?? []);

  return (path) => {
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
