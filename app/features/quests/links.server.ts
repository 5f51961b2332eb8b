import { env } from "~/platform/env.server";

/**
 * The full address of a page of Glow, for a QR code or a link to share: the configured
 * public origin (PUBLIC_ORIGIN) when there is one, else the origin this request came to.
 */
export function sharedUrl(request: Request, path: string): string {
  return new URL(path, env().PUBLIC_ORIGIN ?? new URL(request.url).origin).toString();
}
