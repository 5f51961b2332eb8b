/**
 * Pages for whoever runs Glow on this machine (the console SMS outbox today, the email
 * outbox later): they show sign-in codes and links, which sign anyone in as anyone. They
 * answer only a request that reaches Glow straight from this machine: the connection's own
 * address is loopback and nothing says it was forwarded. A proxy on the same machine
 * connects from loopback too, but it adds a forwarding header, so whatever it passes on
 * from the internet is refused (docs/decisions/0501).
 */
import { isIP } from "node:net";

/** Headers a reverse proxy adds to what it forwards. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6 address (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  const value = (address ?? "").trim().toLowerCase().replace(/^\[|\]$/g, "").split("%")[0]!;
  const v4 = value.startsWith("::ffff:") ? value.slice("::ffff:".length) : value;
  if (isIP(v4) === 4) return v4.split(".")[0] === "127";
  if (isIP(value) !== 6) return false;
  return /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(value) && value.replace(/[0:]/g, "") === "1";
}

/**
 * Whether a request came straight from this machine: `peerAddress` is the connection's own
 * address (never one a proxy reports), and `header` reads the request's headers.
 */
export function reachedFromThisMachine(
  peerAddress: string | null | undefined,
  header: (name: string) => string | null | undefined,
): boolean {
  if (!isLoopbackAddress(peerAddress)) return false;
  return FORWARDING_HEADERS.every((name) => {
    const value = header(name);
    return value === null || value === undefined;
  });
}
