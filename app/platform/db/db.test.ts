import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseLockedError, openDatabase, parseDatabaseUrl } from "./db.server";

describe("DATABASE_URL", () => {
  it("chooses the engine from the URL", () => {
    expect(parseDatabaseUrl(undefined)).toEqual({ kind: "pglite", dataDir: "./data/glow" });
    expect(parseDatabaseUrl("")).toEqual({ kind: "pglite", dataDir: "./data/glow" });
    expect(parseDatabaseUrl("file:/tmp/x")).toEqual({ kind: "pglite", dataDir: "/tmp/x" });
    expect(parseDatabaseUrl("file:./rel")).toEqual({ kind: "pglite", dataDir: "./rel" });
    expect(parseDatabaseUrl("memory:")).toEqual({ kind: "pglite", dataDir: null });
    expect(parseDatabaseUrl("postgres://u:p@h:5432/db")).toEqual({ kind: "postgres", url: "postgres://u:p@h:5432/db" });
    expect(parseDatabaseUrl("postgresql://h/db").kind).toBe("postgres");
    expect(() => parseDatabaseUrl("mysql://h/db")).toThrow(/DATABASE_URL/);
  });
});

describe("the embedded database", () => {
  it("refuses a second process on the same folder with a clear message", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-lock-"));
    const dataDir = path.join(dir, "db");
    // Our parent process is alive: pretend it holds the folder.
    fs.writeFileSync(`${dataDir}.lock`, String(process.ppid));
    await expect(openDatabase(`file:${dataDir}`)).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(openDatabase(`file:${dataDir}`)).rejects.toThrow(/already open in another Glow process/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes over a lock left by a process that died, migrates, and releases it on close", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-lock-"));
    const dataDir = path.join(dir, "db");
    fs.writeFileSync(`${dataDir}.lock`, "999999999");
    const conn = await openDatabase(`file:${dataDir}`);
    await conn.ping();
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
    await conn.close();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    await expect(conn.ping()).rejects.toThrow();
    fs.rmSync(dir, { recursive: true, force: true });
    // A fresh on-disk initdb and every migration: seconds alone, minutes on a busy machine.
  }, 180_000);
});
