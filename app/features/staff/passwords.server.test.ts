/**
 * Staff passwords: argon2id with the settings of one constant, checked with the same work
 * whether or not the account exists, and rehashed when the settings change.
 */
import { parseOptions } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { checkPassword, hashPassword, needsRehash, PASSWORD_SETTINGS, preparePasswordChecks } from "./passwords.server";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe("staff passwords", () => {
  it("are stored as argon2id PHC strings with today's settings, never as given", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain("correct horse");
    expect(parseOptions(stored)).toMatchObject({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    // A fresh salt every time: the same password never hashes the same twice.
    expect(await hashPassword("correct horse battery staple")).not.toBe(stored);
  });

  it("check right, wrong, and no account at all", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await checkPassword(stored, "correct horse battery staple")).toBe(true);
    expect(await checkPassword(stored, "Correct horse battery staple")).toBe(false);
    expect(await checkPassword(null, "correct horse battery staple")).toBe(false);
    expect(await checkPassword("not a hash", "anything")).toBe(false);
  });

  it("say when a stored hash was made with other settings", async () => {
    expect(needsRehash(await hashPassword("a long enough password"))).toBe(false);
    const weaker = await hashPassword("a long enough password", { ...PASSWORD_SETTINGS, memoryCost: 8_192, timeCost: 1 });
    expect(needsRehash(weaker)).toBe(true);
    const argon2i = await hashPassword("a long enough password", { ...PASSWORD_SETTINGS, algorithm: 1 });
    expect(needsRehash(argon2i)).toBe(true);
    expect(needsRehash("$2b$10$bcrypt.is.not.argon")).toBe(true);
  });

  it("cost the same work whether or not the account exists", async () => {
    await preparePasswordChecks();
    const stored = await hashPassword("correct horse battery staple");
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a busy moment of the machine falls on both alike.
    for (let i = 0; i < 7; i++) {
      known.push(await timed(() => checkPassword(stored, "a wrong guess")));
      unknown.push(await timed(() => checkPassword(null, "a wrong guess")));
    }
    const ratio = median(unknown) / median(known);
    // Both are one argon2id verification with the same settings; a shortcut for unknown
    // names would take well under a tenth of the time. Only the ratio is judged: how long one
    // verification takes depends on the machine (under 5 ms on a quiet fast one).
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
