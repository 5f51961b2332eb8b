import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "./script-priority.server";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Sends `page` through the amendment cut into the given pieces, as React's writes would. */
function amend(pieces: Uint8Array[]) {
  const amendment = lowPriorityScripts();
  const out = pieces.map((piece) => amendment.piece(piece));
  out.push(amendment.rest());
  return decoder.decode(Buffer.concat(out));
}

/** Every way of cutting `page` in two, byte by byte (multi-byte characters cut too). */
function everyCut(page: string) {
  const bytes = encoder.encode(page);
  return Array.from({ length: bytes.length + 1 }, (_, at) => [bytes.slice(0, at), bytes.slice(at)]);
}

const head =
  '<!DOCTYPE html><html lang="zh-CN"><head><meta charSet="utf-8"/><title>发光 ✨</title>' +
  '<link rel="stylesheet" href="/static/app.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/static/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/static/root.js" nonce="n"/></head>';
const body = '<body><p>&lt;link rel="modulepreload"&gt; 发光</p><pre><link rel="modulepreload" href="/x.js"/></pre></body></html>';

describe("the page's scripts at low priority", () => {
  it("asks for every module preload of the head at low priority, however the page is cut", () => {
    for (const pieces of everyCut(head + body)) {
      const page = amend(pieces);
      expect(page.match(/<link rel="modulepreload" fetchpriority="low" href="\/static\//g)).toHaveLength(2);
      expect(page).toContain("<title>发光 ✨</title>");
      expect(page).toContain('<link rel="stylesheet" href="/static/app.css" data-precedence="default"/>');
    }
  });

  it("leaves the body as it is: only the head is read", () => {
    for (const pieces of everyCut(head + body)) expect(amend(pieces).endsWith(body)).toBe(true);
  });

  it("changes nothing else, and loses nothing of a page that never closes its head", () => {
    const page = '<html><head><meta charSet="utf-8"/><title>Glow</title><link rel="icon" href="/favicon.svg"/><link rel="mod';
    for (const pieces of everyCut(page)) expect(amend(pieces)).toBe(page);
  });
});
