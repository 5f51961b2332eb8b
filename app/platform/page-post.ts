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
