/**
 * GLOW_WORKERS (docs/decisions/1006, 1120): one instance runs several copies of the app on
 * one port when its database is PostgreSQL. The supervisor keeps them: a worker that dies is
 * started again after a wait, one that cannot reach the database to start is tried again
 * with a growing wait, only a first start that fails for another reason (its configuration)
 * ends the instance, and SIGTERM drains every worker before the instance exits.
 *
 * The PostgreSQL part runs in .ci/run's PostgreSQL pass (TEST_DATABASE_URL); the rest runs
 * everywhere (an unreachable PostgreSQL is a closed port). With PostgreSQL stopped and
 * started under load: database-restart-workers.test.ts.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childrenOf, ensureBuild, freePort, request, startBuiltServer, type ServerProcess } from "../tests/support/server-process";

const serverUrl = process.env.TEST_DATABASE_URL;



beforeAll(() => ensureBuild(), 300_000);

describe("on the embedded database", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startBuiltServer({ GLOW_WORKERS: "2" });
  }, 180_000);
  afterAll(() => server.stop());

  it("runs one process and says why, since the embedded database is one connection in one process", async () => {
    expect(server.lines.join("\n")).toMatch(/GLOW_WORKERS=2: the embedded database runs in one process/);
    expect(childrenOf(server.child.pid!)).toEqual([]);
    expect((await request(server.port, { path: "/healthz" })).status).toBe(200);
  });
});

it("refuses to start with a worker count that is not a number", async () => {
  await expect(startBuiltServer({ GLOW_WORKERS: "many" })).rejects.toThrow(/GLOW_WORKERS must be "auto" or a whole number/);
}, 60_000);

/** `node server.js` with two workers on PostgreSQL, watched without waiting for it to listen. */
function startSupervisor(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, "../server.js")], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", GLOW_WORKERS: "2", LOG_REQUESTS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, lines, exited };
}

describe("a worker that cannot start", () => {
  it("is tried again, waiting longer each time, while the database does not answer; the instance stays up", async () => {
    // Nothing listens on this port: PostgreSQL is down.
    const supervisor = startSupervisor({ DATABASE_URL: `postgres://glow@127.0.0.1:${await freePort()}/glow` });
    try {
      await expect
        .poll(() => supervisor.lines.filter((l) => l.includes("Glow worker 1 could not start: the database did not answer")).length, { timeout: 60_000 })
        .toBeGreaterThanOrEqual(2);
      const waits = supervisor.lines.flatMap((l) => /could not start: the database did not answer; starting it again in ([\d.]+) s/.exec(l)?.[1] ?? []).map(Number);
      expect(waits.slice(0, 2)).toEqual([1, 2]);
      // Each attempt says why in one line, no stack.
      expect(supervisor.lines.filter((l) => /^\s+at /.test(l))).toEqual([]);
      expect(supervisor.lines.some((l) => l.includes("Glow cannot start: PostgreSQL at 127.0.0.1"))).toBe(true);
      expect(supervisor.child.exitCode).toBeNull();
    } finally {
      // SIGTERM while a start waits for its turn: the instance ends at once, cleanly.
      const signalled = Date.now();
      supervisor.child.kill("SIGTERM");
      expect(await supervisor.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000);
    }
  }, 90_000);

  it("ends the instance on its first start when the configuration is wrong, with one line saying why", async () => {
    // In the container without PUBLIC_ORIGIN: refused before the database is asked anything.
    const supervisor = startSupervisor({ DATABASE_URL: `postgres://glow@127.0.0.1:${await freePort()}/glow`, GLOW_CONTAINER: "1", SMS_PROVIDER: "console" });
    expect(await supervisor.exited).toBe(1);
    expect(supervisor.lines.filter((l) => l.startsWith("Glow cannot start:"))).toHaveLength(1);
    expect(supervisor.lines.join("\n")).toMatch(/Glow cannot start: PUBLIC_ORIGIN is not set/);
    expect(supervisor.lines.some((l) => l.includes("starting it again"))).toBe(false);
  }, 60_000);
});

describe.skipIf(!serverUrl)("on PostgreSQL, with two workers", () => {
  let server: ServerProcess;
  let database: string;

  beforeAll(async () => {
    database = `glow_workers_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    // A fixed port, as in production: with PORT=0 a worker that starts after every other
    // one has gone would be given a new random port.
    server = await startBuiltServer({ GLOW_WORKERS: "2", DATABASE_URL: url.toString(), PORT: String(await freePort()) });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it("serves from two processes on one port, and replaces a worker that dies", async () => {
    expect(server.lines.join("\n")).toMatch(/Glow is listening on \S+ \(2 workers\)/);
    await expect.poll(() => childrenOf(server.child.pid!).length, { timeout: 60_000 }).toBe(2);
    // Each worker names its SMS provider once it listens.
    await expect.poll(() => server.lines.filter((l) => l.includes('"msg":"sms provider"')).length, { timeout: 60_000 }).toBe(2);
    // The first worker is the first forked: the lowest process id.
    const [first] = childrenOf(server.child.pid!);
    process.kill(first!, "SIGKILL");
    await expect
      .poll(() => {
        const now = childrenOf(server.child.pid!);
        return now.length === 2 && !now.includes(first!);
      }, { timeout: 60_000 })
      .toBe(true);
    expect(server.lines.join("\n")).toMatch(/Glow worker 1 stopped \(SIGKILL\); starting it again in 1 s\./);
    // The new first worker listens, and starts no second set of workers nor says hello again.
    await expect.poll(() => server.lines.filter((l) => l.includes('"msg":"sms provider"')).length, { timeout: 60_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(childrenOf(server.child.pid!)).toHaveLength(2);
    expect(server.lines.filter((l) => l.includes("Glow is listening on"))).toHaveLength(1);
    for (let i = 0; i < 6; i++) expect((await request(server.port, { path: "/healthz" })).status).toBe(200);
  }, 120_000);

  it("answers the console pages in every worker with the one key the start-up text printed", async () => {
    const key = /\/dev\/outbox\?key=([\w-]+)/.exec(server.lines.join("\n"))![1]!;
    // A fresh connection each time: the supervisor hands connections to both workers in turn.
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await request(server.port, { path: `/dev/outbox.json?key=${key}` })).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await request(server.port, { path: "/dev/outbox.json" })).status).toBe(404);
  }, 60_000);

  it("stops every worker on SIGTERM and exits cleanly", async () => {
    const workers = childrenOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(workers.filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([]);
  }, 60_000);
});
