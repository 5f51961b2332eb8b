/**
 * GLOW_WORKERS (docs/decisions/1006): one instance runs several copies of the app on one
 * port when its database is PostgreSQL. The supervisor keeps them: a worker that dies is
 * replaced, and SIGTERM drains every worker before the instance exits.
 *
 * The PostgreSQL part runs in .ci/run's PostgreSQL pass (TEST_DATABASE_URL); the embedded
 * database's refusal to run several processes runs everywhere.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, request, startBuiltServer, type ServerProcess } from "../tests/support/server-process";

const serverUrl = process.env.TEST_DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The processes whose parent is `pid` (read from /proc: no tool needed). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found.sort((a, b) => a - b);
}

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
    expect(server.lines.join("\n")).toMatch(/worker 1 stopped \(SIGKILL\); starting another/);
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
