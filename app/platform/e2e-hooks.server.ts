/**
 * Whether a browser-test hook (/__e2e/…) may answer this request: only when the server was
 * started with GLOW_E2E_HOOKS_TOKEN, the request presents it, and never in the container
 * (GLOW_CONTAINER=1), whatever is set: a deployment must not be one variable away from a door
 * that signs anyone in as anyone (docs/decisions/0007, 0506).
 */
import { timingSafeEqual } from "node:crypto";
import { env } from "./env.server";

export function e2eHookOpen(request: Request): boolean {
  const { GLOW_E2E_HOOKS_TOKEN: token, GLOW_CONTAINER: inContainer } = env();
  return !inContainer && Boolean(token) && sameToken(request.headers.get("x-e2e-token"), token!);
}

/** Compared in constant time: the token is a secret. */
function sameToken(given: string | null, expected: string) {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
