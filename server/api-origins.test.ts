/**
 * The JSON API's cross-origin rule in front of a stand-in for React Router: every address
 * React Router would route to an /api call is held to the rule, however its path is spelt
 * (React Router matches without regard to case, decodes percent-escapes and the URL parser
 * folds dot segments), and no other address is.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { matchRoutes } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCrossOrigin } from "./api-origins";

const PARTNER = "https://partner.example";
let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(apiCrossOrigin([PARTNER]));
  // What React Router would have answered, had the rule let the request through.
  app.use((_req, res) => void res.json({ reached: true }));
  server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A GET with the path sent exactly as written (fetch would tidy it first), from `origin`. */
function get(path: string, origin: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET", headers: { Origin: origin, Accept: "application/json", ...headers } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A few of the API's routes, matched as React Router matches them (app/routes.ts). */
const apiRoutes = [
  { id: "root", path: "", children: [{ id: "api", path: "api/getuser" }, { id: "locales", path: "api/locales/:lng/:file" }, { id: "page", path: "newsfeed" }] },
];
/** The route React Router would pick for this raw path (its express adapter parses it with `new URL`). */
const routedTo = (path: string) => matchRoutes(apiRoutes, new URL(`http://glow.invalid${path}`).pathname)?.at(-1)?.route.id ?? null;

const spellings = [
  "/api/getuser",
  "/API/getuser",
  "/Api/GetUser",
  "/aPi/getuser?x=1",
  "/API",
  "/%61pi/getuser",
  "/%41%50%49/getuser",
  "/x/../API/getuser",
  "/%2e/api/getuser",
  "/API/locales/en/common.json",
];

describe("the API's cross-origin rule", () => {
  it("holds every spelling of an /api address React Router would serve", async () => {
    for (const path of spellings) {
      if (path !== "/API") expect(routedTo(path), path).not.toBeNull();
      const evil = await get(path, "https://evil.example");
      expect(evil.status, path).toBe(403);
      expect(JSON.parse(evil.body), path).toMatchObject({ success: false, type: "FORBIDDEN", message: "Calls from this origin are not allowed." });
      expect(evil.headers["access-control-allow-origin"], path).toBeUndefined();
    }
  });

  it("answers the refusal in the caller's language", async () => {
    const zh = await get("/API/getuser", "https://evil.example", { "Accept-Language": "zh-CN,zh;q=0.9" });
    expect(zh.status).toBe(403);
    expect(JSON.parse(zh.body)).toMatchObject({ success: false, type: "FORBIDDEN", message: "不允许来自此源的调用。" });
  });

  it("lets an allowed origin through, with its CORS answer, whatever the case", async () => {
    for (const path of ["/api/getuser", "/API/getuser", "/%61pi/getuser"]) {
      const partner = await get(path, PARTNER);
      expect(partner.status, path).toBe(200);
      expect(partner.headers["access-control-allow-origin"], path).toBe(PARTNER);
      expect(JSON.parse(partner.body)).toEqual({ reached: true });
    }
  });

  it("lets our own pages' calls and calls without an Origin through", async () => {
    expect((await get("/API/getuser", `http://127.0.0.1:${port}`)).status).toBe(200);
    const noOrigin = await new Promise<number>((resolve, reject) => {
      http.get({ host: "127.0.0.1", port, path: "/API/getuser" }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on("error", reject);
    });
    expect(noOrigin).toBe(200);
  });

  it("leaves addresses outside /api alone", async () => {
    for (const path of ["/newsfeed", "/apiary", "/API-docs", "/x/api/getuser", "/%"]) {
      expect((await get(path, "https://evil.example")).status, path).toBe(200);
    }
  });
});
