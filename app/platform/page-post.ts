import { data, redirect } from "react-router";

/** Whether a request asked for JSON (a fetch from the page's own script). */
export function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("application/json");
}

/**
 * Whether a post came from a page and should be answered with one: a browser's form post
 * (it accepts text/html) or React Router's own enhanced post (a `.data` request). A fetch
 * asking for JSON, or a script that asks for nothing in particular, gets data instead.
 */
export function answersWithPage(request: Request): boolean {
  if (wantsJson(request)) return false;
  return (request.headers.get("accept") ?? "").includes("text/html") || new URL(request.url).pathname.endsWith(".data");
}

/**
 * A GET (or HEAD) of an address that only takes posts. A person's browser (a typed or
 * bookmarked address) is sent to the page whose forms post there; anything else gets 405
 * with `Allow: POST` and the catalogue's BAD_REQUEST entry, translated by `t`.
 */
export function onlyPosts(request: Request, page: string, t: (key: string) => string): never {
  if ((request.headers.get("accept") ?? "").includes("text/html")) throw redirect(page);
  throw data(
    { ok: false, type: "BAD_REQUEST", error: t("errors:types.BAD_REQUEST.message") },
    { status: 405, headers: { Allow: "POST" } },
  );
}
