/**
 * What a client gets from Glow's compression (decision 1240): the encoding its
 * Accept-Encoding takes, a body that decodes to the page, its length, nothing compressed for
 * a client that does not ask, and event streams passed on event by event. The middleware is
 * mounted as server/app.ts mounts it (streamingCompression, then wholeAnswerCompression);
 * server/server.test.ts checks the same of the built server's real pages.
 */
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chosenEncoding, MAX_WHOLE_BYTES, streamingCompression, THRESHOLD_BYTES, wholeAnswerCompression } from "./page-compression";

const page = `<html><body>${"<p>A member's page, worth compressing.</p>".repeat(300)}</body></html>`;
let server: Server;
let port: number;
/** Ends the open event streams (each waits for this before its last event). */
let releaseStreams: () => void = () => {};
let streamsReleased = new Promise<void>((resolve) => (releaseStreams = resolve));

beforeAll(async () => {
  const app = express();
  app.use(streamingCompression());
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
  // Written as React Router's Express adapter writes an event stream: the headers flushed at
  // once, then each event written and flushed; the last one only once the test says so.
  app.get("/events", (_req, res) => {
    res.status(200).setHeader("Content-Type", "text/event-stream; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.flushHeaders();
    const flush = () => (res as unknown as { flush?: () => void }).flush?.();
    res.write(`event: score\ndata: ${"x".repeat(2000)}\n\n`);
    flush();
    void streamsReleased.then(() => res.end("data: last\n\n"));
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
  releaseStreams();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The raw answer: headers and the bytes as sent. */
function get(path: string, acceptEncoding?: string, accept = "*/*") {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ port, path, headers: { accept, ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }) } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on("error", reject);
  });
}

/**
 * Opens an event stream and waits (at most `withinMs`) for its first event while the server
 * still holds the stream open: null when nothing came, as when something held the event back.
 */
function firstEvent(acceptEncoding: string, accept: string | undefined, withinMs = 3_000) {
  return new Promise<{ headers: http.IncomingHttpHeaders; text: string; rest: Promise<string> } | null>((resolve, reject) => {
    const request = http.get({ port, path: "/events", agent: false, headers: { "accept-encoding": acceptEncoding, ...(accept ? { accept } : {}) } }, (res) => {
      let text = "";
      let answered = false;
      const timer = setTimeout(() => {
        answered = true;
        resolve(null);
      }, withinMs);
      const rest = new Promise<string>((done) => res.on("end", () => done(text)));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        if (!answered && text.includes("\n\n")) {
          answered = true;
          clearTimeout(timer);
          resolve({ headers: res.headers, text, rest });
        }
      });
    });
    request.on("error", reject);
  });
}

describe("what a client gets", () => {
  it("a browser that takes Brotli: the page written in pieces as one Brotli body, with its length", async () => {
    const { headers, body } = await get("/page", "gzip, deflate, br, zstd");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-length"]).toBe(String(body.length));
    expect(headers["transfer-encoding"]).toBeUndefined();
    expect(headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
    expect(body.length).toBeLessThan(page.length / 10);
  });

  it("a client that takes only gzip: gzip, with its length", async () => {
    const { headers, body } = await get("/page", "gzip");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(headers["content-length"]).toBe(String(body.length));
    expect(zlib.gunzipSync(body).toString()).toBe(page);
    // Brotli refused outright (q=0): gzip all the same.
    expect((await get("/page", "br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
  });

  it("a client that does not ask, or takes none of them: the page as it is, with its length", async () => {
    for (const acceptEncoding of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const { headers, body } = await get("/page", acceptEncoding);
      expect(headers["content-encoding"], String(acceptEncoding)).toBeUndefined();
      expect(body.toString()).toBe(page);
      expect(headers["content-length"], String(acceptEncoding)).toBe(String(Buffer.byteLength(page)));
    }
    // Deflate alone: the package deflates it, as it did before.
    const deflated = await get("/page", "deflate");
    expect(deflated.headers["content-encoding"]).toBe("deflate");
    expect(zlib.inflateSync(deflated.body).toString()).toBe(page);
  });

  it("JSON compressed too; an answer under the threshold sent as it is, with its length", async () => {
    const json = await get("/json", "gzip, deflate, br");
    expect(json.headers["content-encoding"]).toBe("br");
    expect(json.headers["content-length"]).toBe(String(json.body.length));
    expect(JSON.parse(zlib.brotliDecompressSync(json.body).toString())).toEqual({ words: "glow ".repeat(500) });
    const small = await get("/small", "gzip, deflate, br");
    expect(Buffer.byteLength("<p>short</p>")).toBeLessThan(THRESHOLD_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-length"]).toBe(String(Buffer.byteLength("<p>short</p>")));
    expect(small.body.toString()).toBe("<p>short</p>");
  });

  it("a photo as it is; an answer that grows past the bound compressed as it is written, never held whole", async () => {
    const photo = await get("/photo", "gzip, deflate, br");
    expect(photo.headers["content-encoding"]).toBeUndefined();
    expect(photo.body).toEqual(Buffer.alloc(5000, 7));
    const huge = await get("/huge", "gzip");
    expect(huge.headers["content-encoding"]).toBe("gzip");
    expect(huge.headers["transfer-encoding"]).toBe("chunked");
    expect(zlib.gunzipSync(huge.body).length).toBeGreaterThan(MAX_WHOLE_BYTES);
  });
});

describe("event streams", () => {
  it("reach a browser's EventSource event by event, uncompressed, while the stream is open", async () => {
    const stream = await firstEvent("gzip, deflate, br", "text/event-stream");
    expect(stream, "the first event while the stream was open").not.toBeNull();
    expect(stream!.headers["content-encoding"]).toBeUndefined();
    expect(stream!.text).toMatch(/^event: score\ndata: x{2000}\n\n$/);
    releaseStreams();
    expect(await stream!.rest).toMatch(/\n\ndata: last\n\n$/);
  });

  it("reach a client that asks without Accept: text/event-stream the same way (the answer's type decides)", async () => {
    streamsReleased = new Promise<void>((resolve) => (releaseStreams = resolve));
    const stream = await firstEvent("gzip, deflate, br", undefined);
    expect(stream, "the first event while the stream was open").not.toBeNull();
    expect(stream!.headers["content-encoding"]).toBeUndefined();
    expect(stream!.text).toMatch(/^event: score\ndata: x{2000}\n\n$/);
    releaseStreams();
    expect(await stream!.rest).toMatch(/\n\ndata: last\n\n$/);
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
