import { describe, expect, it } from "vitest";
import { databaseUnavailableReason, isDatabaseUnavailable } from "./unavailable.server";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });
/** As drizzle hands a driver's error on: wrapped, the driver's error in `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isDatabaseUnavailable", () => {
  it("knows PostgreSQL going away: refused, reset, shut down, too many connections", () => {
    for (const error of [
      withCode("ECONNREFUSED"),
      withCode("ECONNRESET"),
      withCode("ETIMEDOUT"),
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("08006", "connection failure"),
      withCode("08003"),
      withCode("53300", "sorry, too many clients already"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new AggregateError([withCode("ECONNREFUSED")], ""),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), `wrapped ${String(error)}`).toBe(true);
    }
  });

  it("knows the embedded database closed or failed", () => {
    expect(isDatabaseUnavailable(wrapped(new Error("PGlite is closed")))).toBe(true);
    expect(isDatabaseUnavailable(new Error("PGlite is closing"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("the database thread stopped (exit code 1)"))).toBe(true);
  });

  it("leaves a query the database refused, and everything else, as the bugs they are", () => {
    for (const error of [
      withCode("23505", "duplicate key value violates unique constraint"),
      withCode("42P01", "relation does not exist"),
      withCode("22001"),
      new TypeError("Cannot read properties of undefined"),
      new Error("Connection refused by the SMS provider"),
      "ECONNREFUSED",
      null,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it("says why in a few words, for the log line", () => {
    expect(databaseUnavailableReason(wrapped(withCode("ECONNREFUSED")))).toBe("ECONNREFUSED");
    expect(databaseUnavailableReason(wrapped(new Error("PGlite is closed")))).toBe("PGlite is closed");
  });
});
