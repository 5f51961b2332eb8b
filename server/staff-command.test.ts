/**
 * `npm run staff -- …`: the script (scripts/staff.mjs, on the production build) asks for the
 * password and makes the account; the command's other answers are run in this process
 * against the same embedded database; every account it made then signs in.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStaffCommand, type CommandIo } from "~/features/staff/command.server";
import { signInStaff } from "~/features/staff/sign-in.server";
import { openDatabase, setConnection } from "~/platform/db/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { ensureBuild } from "../tests/support/server-process";

const ROOT = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-staff-command-"));
const databaseUrl = `file:${path.join(dataDir, "glow")}`;
const originalUrl = process.env.DATABASE_URL;

beforeAll(() => {
  ensureBuild();
  process.env.DATABASE_URL = databaseUrl;
  resetEnvCache();
}, 300_000);
afterAll(() => {
  if (originalUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = originalUrl;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run staff -- …args` with `input` on standard input (not a terminal: one line a question). */
function script(args: string[], input = ""): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts/staff.mjs"), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), DATABASE_URL: databaseUrl, SEED_DEMO: "0" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdin.end(input);
    child.once("exit", (code) => resolve({ code, out, err }));
  });
}

/** The command in this process, answering its questions from `answers`. */
async function command(args: string[], answers: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    interactive: false,
    askSecret: async () => answers.shift() ?? "",
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  };
  const code = await runStaffCommand(args, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("npm run staff", () => {
  it("the script adds an admin, asking for the password and never showing it", async () => {
    const made = await script(["add", "boss", "--admin"], "a long enough password\n");
    expect(made.err).toBe("");
    expect(made.code).toBe(0);
    expect(made.out).toContain("Made admin boss.");
    expect(made.out).not.toContain("a long enough password");
  }, 240_000);

  it("adds an agent, refuses a short password, a name taken and no name, lists, and sets a password", async () => {
    expect(await command(["add", "helper"], ["helper's long password"])).toMatchObject({ code: 0, out: "Made agent helper. Sign in at /login." });
    expect(await command(["add", "shorty"], ["short"])).toMatchObject({ code: 1, err: "The password needs at least 12 characters." });
    expect(await command(["add", "BOSS"], ["another long password"])).toMatchObject({ code: 1, err: "There is already a staff account named BOSS." });
    expect((await command(["add"])).code).toBe(2);
    expect((await command(["remove", "boss"])).code).toBe(2);

    const list = await command(["list"]);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^boss\tadmin$/m);
    expect(list.out).toMatch(/^helper\tagent\tagent \d+, 0 resource\(s\)$/m);

    expect(await command(["password", "helper"], ["helper's new long password"])).toMatchObject({ code: 0 });
    expect(await command(["password", "nobody"], ["whatever long password"])).toMatchObject({ code: 1, err: "There is no staff account named nobody." });
  }, 120_000);

  it("the accounts it made sign in with their passwords", async () => {
    const conn = await openDatabase(databaseUrl);
    setConnection(conn);
    try {
      const boss = await signInStaff({ username: "boss", password: "a long enough password", clientIp: "192.0.2.1" });
      expect(boss).toMatchObject({ ok: true, value: { staff: { isAdmin: true, agentId: null } } });
      expect(await signInStaff({ username: "helper", password: "helper's long password", clientIp: "192.0.2.2" })).toMatchObject({ ok: false });
      expect(await signInStaff({ username: "helper", password: "helper's new long password", clientIp: "192.0.2.3" })).toMatchObject({
        ok: true,
        value: { staff: { isAdmin: false, agentId: expect.any(Number) } },
      });
    } finally {
      setConnection(undefined);
      await conn.close();
    }
  }, 120_000);
});
