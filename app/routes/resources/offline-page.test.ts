import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { setMasterSecret } from "~/platform/secrets.server";
import * as offlinePage from "./offline-page";

beforeAll(() => setMasterSecret("offline-page-test-secret-0123456789"));

async function page(lng: string) {
  const call = await callRoute(offlinePage.loader as never, new Request(`${BASE_URL}/offline?lng=${lng}`));
  return call.result as Response;
}

describe("Glow's offline page (decision 1181)", () => {
  it("is a document of its own in the reader's language, with nothing personal in it", async () => {
    const en = await page("en");
    expect(en.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(en.headers.get("Content-Language")).toBe("en");
    const html = await en.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain("<title>You&#x27;re offline · Glow</title>");
    expect(html).toContain("Sent in your name as soon as this phone is back online");
    const zh = await (await page("zh")).text();
    expect(zh).toMatch(/<html lang="zh-Hans">/);
    expect(zh).toContain("你已离线");
  });

  it("has no inline script: its one script is a file of the site, which the CSP allows without a nonce", async () => {
    const html = await (await page("en")).text();
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[0])).toEqual(['<script src="/offline.js" defer=""></script>']);
    expect(fs.existsSync("public/offline.js")).toBe(true);
  });

  it("carries the marks the service worker fills in, exactly as the worker looks for them", async () => {
    const html = await (await page("en")).text();
    const worker = fs.readFileSync("public/sw.js", "utf8");
    const mark = 'data-member="" data-pages=""';
    expect(html).toContain(`<body ${mark}>`);
    expect(worker).toContain(`.replace('${mark}'`);
  });
});
