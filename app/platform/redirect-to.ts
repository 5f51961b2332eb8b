/**
 * Return-to values come from query strings, forms and local storage, so they are untrusted.
 * A value is kept only when `new URL(value, origin)` stays on our origin; `//evil.com`,
 * `/\evil.com`, `/%5Cevil.com`, `/\t/evil.com`, `https://evil.com` and `javascript:` all
 * fall back.
 */
export function safeRedirectPath(
  value: unknown,
  origin: string,
  fallback = "/newsfeed",
): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  // Decoded backslashes or control characters could be re-interpreted by another parser.
  const path = `${url.pathname}${url.search}${url.hash}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\\\u0000-\u001f]/.test(decoded) || decoded.startsWith("//")) return fallback;
  if (path.startsWith("//")) return fallback;
  return path;
}

/** The page of ours a request came from (its Referer, kept only when it is safe), or null. */
export function cameFrom(request: Request): string | null {
  const origin = new URL(request.url).origin;
  let referer: URL;
  try {
    referer = new URL(request.headers.get("Referer") ?? "");
  } catch {
    return null;
  }
  if (referer.origin !== origin) return null;
  return safeRedirectPath(`${referer.pathname}${referer.search}`, origin, "") || null;
}
