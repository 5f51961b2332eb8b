/**
 * SameSite=Strict keeps the sessionID cookie off the first request of a link followed
 * from another site (a webmail invite, a chat app). When such a navigation arrives
 * without it, but the Lax hint cookie says this browser has a session, answer with a
 * tiny page that reloads the same address from our own origin: that second request is
 * same-site, carries the cookie, and the member lands signed in. No JavaScript needed.
 */
import type { MiddlewareFunction } from "react-router";
import { sessionHintCookie } from "~/platform/cookies.server";
import { escapeHtml } from "~/platform/escape-html";
import { getInstance } from "~/platform/i18n.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { getSession } from "~/platform/session.server";

export function needsSameSiteBounce(request: Request, hasHint: boolean, hasSession: boolean) {
  return (
    request.method === "GET" &&
    request.headers.get("Sec-Fetch-Site") === "cross-site" &&
    request.headers.get("Sec-Fetch-Mode") === "navigate" &&
    hasHint &&
    !hasSession
  );
}

export const sameSiteBounce: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.headers.get("Sec-Fetch-Site") !== "cross-site") return next();
  const cookies = request.headers.get("Cookie");
  const hint = (await sessionHintCookie.parse(cookies)) === "1";
  const session = await getSession(request);
  if (!needsSameSiteBounce(request, hint, Boolean(session.get("sid")))) return next();

  const url = new URL(request.url);
  // Only a path on our own origin: `//evil.example/x` (or `/\evil.example/x`, which the URL
  // parser turns into it) would make the refresh leave the site (decision 0502).
  const target = escapeHtml(safeRedirectPath(`${url.pathname}${url.search}`, url.origin, "/"));
  const label = escapeHtml(getInstance(context).t("auth:bounce.continue"));
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="0;url=${target}"><title>Glow</title></head><body><p><a href="${target}">${label}</a></p></body></html>`;
  return new Response(html, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
};
