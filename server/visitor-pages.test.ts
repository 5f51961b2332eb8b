import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { visitorPages } from "./visitor-pages";

/** A build's route manifest, as React Router's build writes it (only what matching reads). */
function build(routes: { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }[]) {
  return {
    routes: Object.fromEntries(
      routes.map((r) => [r.id, { id: r.id, parentId: r.parentId, path: r.path, index: r.index, module: { handle: r.handle } }]),
    ),
  } as unknown as Pick<ServerBuild, "routes">;
}

const shared = { pageCache: { visitors: true } };
const pageOf = visitorPages(
  build([
    { id: "root", path: "", handle: { i18n: ["common"] } },
    { id: "routes/home", parentId: "root", index: true, handle: shared },
    { id: "routes/newsfeed", parentId: "root", path: "newsfeed", handle: { i18n: ["newsfeed"], pageCache: { visitors: true, query: ["before"] } } },
    { id: "routes/newsfeed-post", parentId: "routes/newsfeed", path: ":id", handle: shared },
    { id: "routes/newsfeed-private", parentId: "routes/newsfeed", path: "mine/:id" },
    { id: "routes/profile", parentId: "root", path: "profile", handle: { i18n: ["profile"] } },
    { id: "routes/not-found", parentId: "root", path: "*" },
  ]),
);

describe("visitors' pages, as the routes say", () => {
  it("are the addresses whose every route opts in through its handle, with the query they read", () => {
    expect(pageOf("/")).toEqual({ query: new Set() });
    expect(pageOf("/newsfeed")).toEqual({ query: new Set(["before"]) });
    // A post opens inside the feed: both routes opt in, and the feed's query counts.
    expect(pageOf("/newsfeed/12")).toEqual({ query: new Set(["before"]) });
  });

  it("are not pages whose route, or any route of the page, does not opt in", () => {
    expect(pageOf("/profile")).toBeNull();
    expect(pageOf("/newsfeed/mine/12")).toBeNull();
    // The catch-all's not-found page, and React Router's data requests, are not shared.
    expect(pageOf("/nope")).toBeNull();
    expect(pageOf("/newsfeed.data")).toBeNull();
  });

  it("are matched like React Router does when a page's address starts with a parameter", () => {
    const byLanguage = visitorPages(
      build([
        { id: "root", path: "" },
        { id: "routes/about", parentId: "root", path: ":lng/about", handle: shared },
        { id: "routes/profile", parentId: "root", path: "profile" },
      ]),
    );
    expect(byLanguage("/zh/about")).toEqual({ query: new Set() });
    expect(byLanguage("/profile")).toBeNull();
  });
});
