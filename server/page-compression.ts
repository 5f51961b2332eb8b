/**
 * Pages, data and JSON compressed in one piece (decision 1240).
 *
 * A page is whole before its first byte leaves (loaders finish before the render, and the
 * render waits for everything, entry.server.tsx), yet it reached the `compression`
 * middleware as several writes, each followed by React Router's `flush()`: each write and
 * flush was a round trip to libuv's thread pool (two thread switches) and a piece of output
 * of its own, sent in a socket write of its own. On a small page those round trips cost
 * more than the compressing. Here the answer is gathered as it is written, compressed in one
 * call on the main thread when it ends, and sent with its length in one write.
 *
 * Levels: Brotli quality 3 and gzip level 4, about half the CPU of the `compression`
 * package's defaults (Brotli 4, gzip 6) for 2–4 % more bytes on a member page.
 *
 * A client that takes neither Brotli nor gzip gets the answer whole too, uncompressed, with
 * its length. Left to `compression` (mounted before this, with its defaults): answers that
 * are not text (photos), that stream (server-sent events), that say `no-transform` or are
 * already encoded, that grow past `MAX_WHOLE_BYTES`, and HEAD requests.
 */
import zlib from "node:zlib";
import compression from "compression";
import type { NextFunction, Request, Response } from "express";

export const BROTLI_QUALITY = 3;
export const GZIP_LEVEL = 4;
/** Smaller answers are sent as they are: compressing them saves less than a packet. */
export const THRESHOLD_BYTES = 1024;
/** Past this, an answer is handed on as it is written (to `compression`): never held whole. */
export const MAX_WHOLE_BYTES = 2 * 1024 * 1024;

const COMPRESSIBLE = /^\s*(?:text\/(?:html|plain|css|csv|xml|javascript|x-script)|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

type Encoding = "br" | "gzip";

const EVENT_STREAM = /^\s*text\/event-stream\s*(?:;|$)/i;

/**
 * The `compression` package with its defaults, for hashed files and whatever
 * `wholeAnswerCompression` hands on. Never for server-sent events: a browser's EventSource
 * asks with `Accept: text/event-stream`, but a client that does not (curl, a proxy's probe)
 * must not get an event held in a compressor either; the answer's own type decides.
 */
export function streamingCompression() {
  return compression({
    filter: (req, res) =>
      !String(req.headers.accept ?? "").includes("text/event-stream") &&
      !EVENT_STREAM.test(String(res.getHeader("Content-Type") ?? "")) &&
      compression.filter(req, res),
  });
}

/** The encoding to answer in: Brotli when the client takes it, else gzip, else none. */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const taken = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    taken.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => taken.get(name) ?? taken.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") {
    return zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  return zlib.gzipSync(body, { level: GZIP_LEVEL });
}

type WriteCallback = (error?: Error | null) => void;

const toBuffer = (chunk: unknown, encoding?: BufferEncoding) =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk as Uint8Array);

export function wholeAnswerCompression() {
  return (req: Request, res: Response, next: NextFunction) => {
    // A HEAD answer has no body to gather; one for a client that takes neither encoding is
    // gathered all the same, and sent whole with its length.
    if (req.method === "HEAD") return next();
    const encoding = chosenEncoding(req.headers["accept-encoding"]);
    const write = res.write;
    const end = res.end;
    const flush = (res as Response & { flush?: () => void }).flush;
    let mode: "undecided" | "gathering" | "passing" = "undecided";
    const chunks: Buffer[] = [];
    let size = 0;

    const compressible = () => {
      if (res.headersSent || res.getHeader("Content-Encoding")) return false;
      if (res.statusCode < 200 || res.statusCode === 204 || res.statusCode === 304) return false;
      if (!COMPRESSIBLE.test(String(res.getHeader("Content-Type") ?? ""))) return false;
      if (NO_TRANSFORM.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
      return Number(res.getHeader("Content-Length") ?? 0) <= MAX_WHOLE_BYTES;
    };
    /** The first write or the end decides: gathered whole, or handed on as it comes. */
    const decide = () => {
      if (mode === "undecided") mode = compressible() ? "gathering" : "passing";
      if (mode === "passing") passOn();
      return mode === "gathering";
    };
    const gather = (data: unknown, dataEncoding?: BufferEncoding) => {
      const bytes = toBuffer(data, dataEncoding);
      chunks.push(bytes);
      size += bytes.length;
    };
    /** Hands what was gathered on as it is, and everything after it. */
    const passOn = () => {
      mode = "passing";
      res.write = write;
      res.end = end;
      if (flush) (res as Response & { flush?: () => void }).flush = flush;
      if (chunks.length) (write as (chunk: Buffer) => boolean).call(res, Buffer.concat(chunks));
      chunks.length = 0;
    };

    res.write = function (this: Response, chunk: unknown, encodingOrCallback?: BufferEncoding | WriteCallback, callback?: WriteCallback) {
      const cb = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
      const chunkEncoding = typeof encodingOrCallback === "string" ? encodingOrCallback : undefined;
      if (!decide()) return write.call(this, chunk as never, chunkEncoding as never, cb as never);
      gather(chunk, chunkEncoding);
      if (size > MAX_WHOLE_BYTES) passOn();
      if (cb) process.nextTick(cb);
      return true;
    } as Response["write"];

    // React Router flushes after every piece; a gathered answer has nothing to flush yet.
    (res as Response & { flush?: () => void }).flush = () => {
      if (mode === "passing") flush?.call(res);
    };

    res.end = function (this: Response, chunk?: unknown, encodingOrCallback?: BufferEncoding | (() => void), callback?: () => void) {
      const cb = typeof chunk === "function" ? (chunk as () => void) : typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
      const data = typeof chunk === "function" ? undefined : chunk;
      const chunkEncoding = typeof encodingOrCallback === "string" ? encodingOrCallback : undefined;
      if (!decide()) return end.call(this, data as never, chunkEncoding as never, cb as never);
      if (data !== undefined && data !== null) gather(data, chunkEncoding);
      res.write = write;
      res.end = end;
      if (flush) (res as Response & { flush?: () => void }).flush = flush;
      const body = Buffer.concat(chunks);
      chunks.length = 0;
      res.vary("Accept-Encoding");
      if (!encoding || size < THRESHOLD_BYTES) {
        res.setHeader("Content-Length", body.length);
        return end.call(this, body, cb as never);
      }
      const compressed = compress(body, encoding);
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", compressed.length);
      // A strong validator no longer names these bytes.
      const etag = res.getHeader("ETag");
      if (typeof etag === "string" && !etag.startsWith("W/")) res.setHeader("ETag", `W/${etag}`);
      return end.call(this, compressed, cb as never);
    } as Response["end"];

    next();
  };
}
