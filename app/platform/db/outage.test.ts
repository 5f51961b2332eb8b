import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "~/platform/log.server";
import { setConnection, type Connection } from "./db.server";
import { databaseConnectionLost, databaseSeemsAway, noteDatabaseFailure, stopOutageWatch } from "./outage.server";

/** A database that answers `select 1` or not, as the test says (only its ping is asked). */
let answering = true;
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const database: Connection = {
  db: null as never,
  target: { kind: "postgres", url: "postgres://glow@db.invalid/glow" },
  ping: async () => {
    if (!answering) throw refused();
  },
  close: async () => {},
};

let lines: { level: string; msg: string; fields: unknown }[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  answering = true;
  lines = [];
  setConnection(database);
  vi.spyOn(log, "warn").mockImplementation((msg, fields) => void lines.push({ level: "warn", msg, fields }));
  vi.spyOn(log, "info").mockImplementation((msg, fields) => void lines.push({ level: "info", msg, fields }));
});
afterEach(() => {
  stopOutageWatch();
  setConnection(undefined);
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the database away, as one process sees it", () => {
  it("says so once however many requests fail, and once when it answers again", async () => {
    answering = false;
    for (let i = 0; i < 50; i++) expect(noteDatabaseFailure(refused(), { method: "GET", path: `/page/${i}` })).toBe(true);
    expect(databaseSeemsAway()).toBe(true);
    // Still away for a while: a ping a second, and not a word.
    await vi.advanceTimersByTimeAsync(5_500);
    expect(lines).toEqual([{ level: "warn", msg: "database unavailable", fields: { reason: "ECONNREFUSED", method: "GET", path: "/page/0" } }]);
    answering = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lines.map((l) => l.msg)).toEqual(["database unavailable", "database back"]);
    expect(databaseSeemsAway()).toBe(false);
    // The next outage is a new one.
    noteDatabaseFailure(refused());
    expect(lines.map((l) => l.msg)).toEqual(["database unavailable", "database back", "database unavailable"]);
  });

  it("is not an outage when one dropped connection is all there is (the database answers)", async () => {
    databaseConnectionLost(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(lines).toEqual([]);
    expect(databaseSeemsAway()).toBe(false);
  });

  it("is an outage when a dropped connection is followed by a ping that fails", async () => {
    answering = false;
    databaseConnectionLost(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }));
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toEqual([{ level: "warn", msg: "database unavailable", fields: { reason: "ECONNREFUSED" } }]);
  });

  it("leaves any other error alone: a bug is not an outage", () => {
    expect(noteDatabaseFailure(new Error('relation "nope" does not exist'))).toBe(false);
    expect(lines).toEqual([]);
  });
});
