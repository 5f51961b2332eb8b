import { env } from "~/platform/env.server";

/**
 * The origin invitation links are written with: PUBLIC_ORIGIN when set (behind a proxy the
 * Host header is the proxy's business), else the request's own.
 */
export function publicOrigin(request: Request): string {
  return env().PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? new URL(request.url).origin;
}
