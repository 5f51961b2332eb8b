/**
 * Cross-origin calls to the JSON API (/api): refused, with the envelope, unless the calling
 * page's origin is listed in API_ALLOWED_ORIGINS. A listed origin gets CORS answers (with
 * credentials, the CSRF and Authorization headers allowed, Retry-After exposed) and its
 * preflights answered here, before anything else looks at the request.
 *
 * A same-origin call carries no Origin header (a GET) or our own; a call with no Origin at
 * all is not a browser's cross-origin call (curl, a server), and its credentials are its own.
 */
import type express from "express";
import { errorTypeForStatus } from "~/platform/errors";
import { translatorForRequest } from "~/platform/i18n.server";

const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Whether React Router would take this request-target to an /api address. It matches
 * without regard to case and after decoding percent-escapes (`/API/…`, `/%61pi/…`), and
 * its Express adapter parses the target with `new URL`, which folds dot segments
 * (`/x/../api/…`, `/%2e/api/…`): the rule reads the path the same way, or a spelling it did
 * not expect would skip it.
 */
export function isApiPath(requestTarget: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(`http://glow.invalid${requestTarget}`).pathname;
  } catch {
    return false; // no address React Router could route either
  }
  const first = pathname.split("/", 2)[1] ?? "";
  let decoded = first;
  try {
    decoded = decodeURIComponent(first);
  } catch {
    // A broken escape: React Router keeps the segment as it is, and so does the rule.
  }
  return decoded.toLowerCase() === "api";
}

export function apiCrossOrigin(allowed: readonly string[]) {
  const allowList = new Set(allowed);
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!isApiPath(req.originalUrl)) return next();
    const origin = req.get("origin");
    if (origin === undefined) return next();
    let own = false;
    let normalized = "";
    try {
      normalized = new URL(origin).origin;
      own = normalized === new URL(`${req.protocol}://${req.host}`).origin;
    } catch {
      // "null" (a sandboxed page, a file) or garbage: not an origin anyone listed.
    }
    if (own) return next();
    if (!allowList.has(normalized)) return void (await refuse(req, res));
    res.vary("Origin");
    res.set({
      "Access-Control-Allow-Origin": normalized,
      "Access-Control-Allow-Credentials": "true",
      "Access-Control-Expose-Headers": "Retry-After",
    });
    // An allowed cross-origin call is let past the shell's same-origin rule for posts.
    res.locals.allowedCrossOrigin = true;
    if (req.method === "OPTIONS") {
      return void res
        .status(204)
        .set({
          "Access-Control-Allow-Methods": "GET, POST",
          "Access-Control-Allow-Headers": "Content-Type, Authorization, X-CSRF-Token, Accept, Accept-Language",
          "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
        })
        .end();
    }
    next();
  };
}

async function refuse(req: express.Request, res: express.Response) {
  let message = "Calls from this origin are not allowed.";
  try {
    const request = new Request(`http://glow.invalid${req.originalUrl.replaceAll("%00", "")}`, {
      headers: { cookie: req.headers.cookie ?? "", "accept-language": req.headers["accept-language"] ?? "" },
    });
    message = (await translatorForRequest(request))("api:errors.crossOrigin");
  } catch {
    // The English above.
  }
  res.status(403).set("Cache-Control", "no-store").json({ success: false, type: errorTypeForStatus(403), message });
}
