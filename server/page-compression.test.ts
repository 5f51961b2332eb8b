import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chosenEncoding, MAX_WHOLE_BYTES, wholeAnswerCompression } from "./page-compression";

const page = `<html><body>${"<p>A member's page, worth compressing.</p>".repeat(300)}</body></html>`;
let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  // As in server/app.ts: the package for whatever is handed on, then whole answers.
  app.use(compression({ filter: (req, res) => !String(req.headers.accept ?? "").includes("text/event-stream") && compression.filter(req, res) }));
  app.use(wholeAnswerCompression());
  // Written as React Router writes a page: in pieces, each followed by flush().
  app.get("/page", (_req, res) => {
    res.type("html");
    const flush = () => (res as unknown as { flush?: () => void }).flush?.();
    for (let i = 0; i < page.length; i += 4000) {
      res.write(page.slice(i, i + 4000));
      flush();
    }
    res.end();
  });
  app.get("/small", (_req, res) => void res.type("html").send("<p>short</p>"));
  app.get("/json", (_req, res) => void res.json({ words: "glow ".repeat(500) }));
  app.get("/photo", (_req, res) => void res.type("image/jpeg").send(Buffer.alloc(5000, 7)));
  app.get("/events", (_req, res) => {
    res.setHeader("Content-Type", "text/event-stream");
    res.write(`data: ${"x".repeat(2000)}\n\n`);
    setTimeout(() => res.end("data: last\n\n"), 20);
  });
  app.get("/huge", (_req, res) => {
    res.type("text/plain");
    const piece = "y".repeat(64 * 1024);
    for (let sent = 0; sent <= MAX_WHOLE_BYTES; sent += piece.length) res.write(piece);
    res.end();
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The raw answer: headers, the bytes as sent, and how many chunks they came in. */
function get(path: string, acceptEncoding?: string, accept = "*/*") {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer; chunks: number }>((resolve, reject) => {
    http
      .get({ port, path, headers: { accept, ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }) } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts), chunks: parts.length }));
      })
      .on("error", reject);
  });
}

describe("answers compressed whole", () => {
  it("sends a page written in pieces as one Brotli body with its length, for a browser that takes Brotli", async () => {
    const { headers, body } = await get("/page", "gzip, deflate, br, zstd");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-length"]).toBe(String(body.length));
    expect(headers["transfer-encoding"]).toBeUndefined();
    expect(headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
    expect(body.length).toBeLessThan(page.length / 10);
  });

  it("uses gzip for a client that takes only gzip, and nothing for one that takes neither", async () => {
    const gzipped = await get("/page", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(page);
    const plain = await get("/page");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("compresses JSON, and leaves a short answer as it is", async () => {
    const json = await get("/json", "br");
    expect(json.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(zlib.brotliDecompressSync(json.body).toString())).toEqual({ words: "glow ".repeat(500) });
    const small = await get("/small", "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>short</p>");
  });

  it("hands on what is not text, what streams and what grows too large, as it arrives", async () => {
    const photo = await get("/photo", "br");
    expect(photo.headers["content-encoding"]).toBeUndefined();
    expect(photo.body.length).toBe(5000);
    // Server-sent events: never held back (and server/app.ts's filter keeps compression off them).
    const events = await get("/events", "br", "text/event-stream");
    expect(events.headers["content-encoding"]).toBeUndefined();
    expect(events.body.toString()).toMatch(/^data: x+\n\ndata: last\n\n$/);
    // Past MAX_WHOLE_BYTES the package compresses it as a stream, as before.
    const huge = await get("/huge", "gzip");
    expect(huge.headers["transfer-encoding"]).toBe("chunked");
    expect(zlib.gunzipSync(huge.body).length).toBeGreaterThan(MAX_WHOLE_BYTES);
  });
});

describe("choosing an encoding", () => {
  it("prefers Brotli, then gzip, honouring q=0 and *", () => {
    expect(chosenEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chosenEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(chosenEncoding("deflate")).toBeNull();
    expect(chosenEncoding("*")).toBe("br");
    expect(chosenEncoding("*;q=0, gzip")).toBe("gzip");
    expect(chosenEncoding(undefined)).toBeNull();
    expect(chosenEncoding("identity")).toBeNull();
  });
});
