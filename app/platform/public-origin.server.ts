/**
 * The name Glow gives itself where a request's own Host must not be believed: the
 * `@host #123456` line of a texted code, which phones offer to fill in on that host only.
 * A forged Host (or X-Forwarded-Host behind the proxy) would make them offer it to another
 * site (docs/decisions/0503).
 */
import { env } from "./env.server";

/** Where this process listens, as startServer printed it (http://localhost:3000). */
let listening: string | null = null;

/** Called by startServer once it listens; null forgets it (tests). */
export function setListeningOrigin(url: string | null) {
  listening = url;
}

/**
 * The public host: PUBLIC_ORIGIN's when set; else the host Glow listens on (localhost when
 * it listens on every interface); never anything a request says.
 */
export function publicHost(): string {
  const origin = env().PUBLIC_ORIGIN ?? listening ?? "http://localhost";
  return new URL(origin).hostname;
}
