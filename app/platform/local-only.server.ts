/**
 * Pages for whoever runs the server on their own machine (the console outboxes of texts
 * and emails): answered only to a request from this machine that no proxy forwarded. A
 * request through a reverse proxy carries a forwarding header; one from the network has a
 * socket address that is not loopback. Either way it is not the operator at the console.
 */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/** Whether an address is this machine's own (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export function isLoopback(address: string): boolean {
  const plain = address.trim().toLowerCase().replace(/^\[|\]$/g, "").split("%")[0]!;
  if (plain === "::1") return true;
  const v4 = plain.startsWith("::ffff:") ? plain.slice(7) : plain;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * `clientIp` is the socket's address as the Node shell saw it (with TRUST_PROXY at 0 it is
 * the peer; behind a trusted proxy a forwarded request also carries a forwarding header).
 */
export function isLocalRequest(request: Request, clientIp: string): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers.has(name))) return false;
  return isLoopback(clientIp);
}
