import type { NextFunction, Request, Response } from "express";
import { measureRequest, newRequestTiming, serverTimingValue } from "~/platform/server-timing.server";

/**
 * Measures every request (platform/server-timing.server.ts) and adds its `Server-Timing`
 * header at the moment the headers go out, whoever sends them: React Router's adapter, a
 * static file, a refusal, the page cache. Node sends headers through `writeHead` (an
 * explicit call, or the implicit one of the first `write`/`end`), so that is where the
 * figures are read: after the loaders and the shell's render, before the body streams.
 */
export function serverTiming(_req: Request, res: Response, next: NextFunction) {
  const timing = newRequestTiming();
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.headersSent) this.appendHeader("Server-Timing", serverTimingValue(timing));
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
  measureRequest(timing, () => next());
}
