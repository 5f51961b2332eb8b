/**
 * The console pages (/dev/outbox and /dev/mailbox, and their JSON) show sign-in codes and
 * invitation links, which sign anyone in as anyone. They are for whoever reads the server's
 * console, and for nobody else: they answer only a request that carries this start's key
 * (`?key=…`), which only the start-up text shows. Anything else gets the Not-found page, as an
 * address that does not exist, whatever proxy stands in front and whatever headers it adds
 * (docs/decisions/1100; a same-machine proxy defeated the "from this machine" rule of 0501).
 *
 * server.js makes the key at every start and hands it to its workers in GLOW_CONSOLE_KEY, so
 * every worker of an instance answers the one link it printed. A server started some other
 * way (a test's own app) makes its own, once.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "./env.server";

let made: string | undefined;

/** The key of this start: GLOW_CONSOLE_KEY when server.js (or a browser test) set it. */
export function consoleKey(): string {
  return env().GLOW_CONSOLE_KEY ?? (made ??= randomBytes(18).toString("base64url"));
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether a request's address carries the key (compared in constant time). */
export function carriesConsoleKey(url: string | URL): boolean {
  const given = new URL(url, "http://glow.invalid").searchParams.get("key");
  if (!given) return false;
  return timingSafeEqual(digest(given), digest(consoleKey()));
}

/** The address to print: a console page at `base` (an origin), with the key. */
export function consolePageLink(base: string, page: "/dev/outbox" | "/dev/mailbox"): string {
  return `${base.replace(/\/+$/, "")}${page}?key=${consoleKey()}`;
}
