/**
 * The Express shell in-process, for what needs control over the database: health and
 * readiness. (Everything that needs the real route build is in server.test.ts.)
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, setConnection, type Connection } from "~/platform/db/db.server";
import { createTestDatabase } from "../tests/support/db";
import { createApp } from "./app";

let shuttingDown = false;
let server: Server;
let base: string;
let conn: Connection;

beforeAll(async () => {
  conn = await createTestDatabase();
  const app = createApp({
    // Health checks never reach React Router; a page request here would be a test bug.
    build: () => Promise.reject(new Error("no route build in this test")) as Promise<ServerBuild>,
    isShuttingDown: () => shuttingDown,
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  // As in production (startServer): fetch reuses its sockets, and Node's default 5 s would
  // close one under it while a slow step of a test runs.
  server.keepAliveTimeout = 65_000;
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("/healthz and /readyz", () => {
  it("both answer 200 while the database is up", async () => {
    setConnection(conn);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe("ready");
  });

  it("readyz answers 503 when PostgreSQL is unreachable", async () => {
    // Nothing listens on port 1; the pool connects lazily, so the ping is what fails.
    const unreachable = await openDatabase("postgres://glow@127.0.0.1:1/glow", { migrate: false });
    setConnection(unreachable);
    try {
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.text()).toBe("database unavailable");
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await unreachable.close();
      setConnection(undefined);
    }
  });

  it("readyz answers 503 once shutdown has begun, with the database still up", async () => {
    setConnection(conn);
    shuttingDown = true;
    try {
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.text()).toBe("shutting down");
      expect(ready.headers.get("connection")).toBe("close");
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      shuttingDown = false;
    }
  });

  it("healthz stays 200 without any database; readyz says 503", async () => {
    // Last in this file: it closes the file's database.
    setConnection(conn);
    await conn.close();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    // Not even a connection object: healthz must not look for one.
    setConnection(undefined);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
  });
});
