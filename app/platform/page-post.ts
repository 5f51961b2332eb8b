/**
 * Whether a post came from a page and should be answered with one: a browser's form post
 * (it accepts text/html) or React Router's own enhanced post (a `.data` request). A fetch
 * asking for JSON, or a script that asks for nothing in particular, gets data instead.
 */
export function answersWithPage(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("application/json")) return false;
  return accept.includes("text/html") || new URL(request.url).pathname.endsWith(".data");
}
