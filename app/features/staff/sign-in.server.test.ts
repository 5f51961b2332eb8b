/**
 * Staff sign-in: one answer and one amount of work for a wrong password and an unknown name,
 * a rehash when the settings changed, a new session id each time, and throttling that slows
 * a guesser down without ever locking the real owner out.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { db } from "~/platform/db/db.server";
import { staffAudit, staffSessions, staffUsers } from "~/platform/db/schema";
import { createStaffAccount, resourcesOfAgent, addAgentResource } from "./accounts.server";
import { OPERATOR } from "./audit.server";
import { checkPassword, hashPassword, needsRehash, PASSWORD_SETTINGS, preparePasswordChecks } from "./passwords.server";
import { findStaffSession, hashStaffSessionId, STAFF_SESSION } from "./sessions.server";
import { signInStaff, signOutStaff } from "./sign-in.server";
import { STAFF_SIGN_IN_THROTTLE, waitAfter } from "./sign-in-throttle.server";

await createTestDatabase();

let n = 0;
/** A fresh account and client address per test, so throttling never spills between tests. */
async function account(options: { isAdmin?: boolean } = {}) {
  n += 1;
  const username = `staffer${n}`;
  const password = `a good long password ${n}`;
  const made = await createStaffAccount(OPERATOR, { username, password, isAdmin: options.isAdmin ?? false });
  if (!made.ok) throw new Error(made.refusal);
  return { username, password, id: made.value.id, agentId: made.value.agentId, clientIp: `198.51.100.${n}` };
}

describe("staff sign-in", () => {
  it("signs an agent in with a session and their resources, and writes it to the trail", async () => {
    const agent = await account();
    await addAgentResource(OPERATOR, { agentId: agent.agentId!, name: "Text manager", url: "https://texts.example/inbox" });
    const out = await signInStaff({ username: agent.username.toUpperCase(), password: agent.password, clientIp: agent.clientIp });
    if (!out.ok) throw new Error(out.refusal);
    expect(out.value.staff).toMatchObject({ id: agent.id, username: agent.username, isAdmin: false, agentId: agent.agentId });
    expect(out.value.resources).toEqual(await resourcesOfAgent(agent.agentId!));
    expect(await findStaffSession(out.value.sid)).toMatchObject({ id: agent.id });
    const trail = await db().select().from(staffAudit).where(eq(staffAudit.staffUserId, agent.id));
    expect(trail.map((e) => e.action)).toContain("sign-in");
  });

  it("answers a wrong password and an unknown username the same way", async () => {
    const admin = await account({ isAdmin: true });
    const wrong = await signInStaff({ username: admin.username, password: "not the password", clientIp: admin.clientIp });
    const unknown = await signInStaff({ username: "nobody-by-that-name", password: "not the password", clientIp: admin.clientIp });
    expect(wrong).toEqual({ ok: false, refusal: "wrong-credentials" });
    expect(unknown).toEqual(wrong);
  });

  it("checks an unknown username's password against a stand-in made with today's settings", async () => {
    // Not a stopwatch (speed is the bench's): an unknown name costs what a wrong password
    // costs because both run one argon2id verify with the same settings.
    const standIn = String(await preparePasswordChecks());
    expect(needsRehash(standIn)).toBe(false);
    expect(await checkPassword(null, "any password at all")).toBe(false);
    expect(await checkPassword(standIn, "any password at all")).toBe(false);
  });

  it("rehashes a password made with older settings at the next sign-in", async () => {
    const agent = await account();
    const old = await hashPassword(agent.password, { ...PASSWORD_SETTINGS, memoryCost: 8_192, timeCost: 1 });
    await db().update(staffUsers).set({ passwordHash: old }).where(eq(staffUsers.id, agent.id));
    const out = await signInStaff({ username: agent.username, password: agent.password, clientIp: agent.clientIp });
    expect(out.ok).toBe(true);
    const [row] = await db().select({ hash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, agent.id));
    expect(row!.hash).not.toBe(old);
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // And the new hash still takes the same password.
    expect((await signInStaff({ username: agent.username, password: agent.password, clientIp: agent.clientIp })).ok).toBe(true);
  });

  it("rotates the session at sign-in and ends it at sign-out", async () => {
    const agent = await account();
    const first = await signInStaff({ username: agent.username, password: agent.password, clientIp: agent.clientIp });
    if (!first.ok) throw new Error(first.refusal);
    const second = await signInStaff({ username: agent.username, password: agent.password, clientIp: agent.clientIp, previousSid: first.value.sid });
    if (!second.ok) throw new Error(second.refusal);
    expect(second.value.sid).not.toBe(first.value.sid);
    expect(await findStaffSession(first.value.sid)).toBeNull();
    expect(await findStaffSession(second.value.sid)).not.toBeNull();
    // Only the id's hash is stored.
    const stored = await db().select({ idHash: staffSessions.idHash }).from(staffSessions).where(eq(staffSessions.staffUserId, agent.id));
    expect(stored.map((s) => s.idHash)).toEqual([hashStaffSessionId(second.value.sid)]);
    await signOutStaff(second.value.sid);
    expect(await findStaffSession(second.value.sid)).toBeNull();
  });

  it("ends a session after 8 hours, or after an hour unused", async () => {
    const agent = await account();
    const at = new Date("2026-11-24T08:00:00Z");
    const out = await signInStaff({ username: agent.username, password: agent.password, clientIp: agent.clientIp, now: at });
    if (!out.ok) throw new Error(out.refusal);
    const later = (ms: number) => new Date(at.getTime() + ms);
    expect(await findStaffSession(out.value.sid, later(59 * 60_000))).not.toBeNull();
    // Used just now: the hour starts again.
    expect(await findStaffSession(out.value.sid, later(100 * 60_000))).not.toBeNull();
    expect(await findStaffSession(out.value.sid, later(170 * 60_000))).toBeNull();
    // However busy, not past 8 hours.
    const busy = await signInStaff({ username: agent.username, password: agent.password, clientIp: agent.clientIp, now: at });
    if (!busy.ok) throw new Error(busy.refusal);
    for (let minutes = 50; minutes < 8 * 60; minutes += 50) expect(await findStaffSession(busy.value.sid, later(minutes * 60_000))).not.toBeNull();
    expect(await findStaffSession(busy.value.sid, later(STAFF_SESSION.maxAgeMs + 1))).toBeNull();
  });
});

describe("throttling", () => {
  it("lets the first tries of the hour through, then makes each next one wait longer", () => {
    const rule = STAFF_SIGN_IN_THROTTLE.perUsername;
    const at = 1_000_000;
    expect(waitAfter(rule, rule.freeTries - 1, at, at)).toBe(0);
    expect(waitAfter(rule, rule.freeTries, at, at)).toBe(2_000);
    expect(waitAfter(rule, rule.freeTries + 1, at, at)).toBe(4_000);
    expect(waitAfter(rule, rule.freeTries + 3, at, at + 5_000)).toBe(11_000);
    // Never more than the ceiling: slowed down, not locked out.
    expect(waitAfter(rule, 10_000, at, at)).toBe(rule.maxDelayMs);
  });

  it("slows a username down with Retry-After, and the right password still works once the wait is over", async () => {
    const agent = await account();
    const at = new Date("2026-11-24T09:00:00Z");
    for (let i = 0; i < STAFF_SIGN_IN_THROTTLE.perUsername.freeTries; i++) {
      const out = await signInStaff({ username: agent.username, password: `guess ${i}`, clientIp: `192.0.2.${i + 1}`, now: at });
      expect(out).toEqual({ ok: false, refusal: "wrong-credentials" });
    }
    // The next try, from yet another address, at once: wait 2 s; even the right password waits.
    const slowed = await signInStaff({ username: agent.username, password: agent.password, clientIp: "192.0.2.99", now: at });
    expect(slowed).toEqual({ ok: false, refusal: "slow-down", retryAfter: 2 });
    const after = new Date(at.getTime() + 2_000);
    const signedIn = await signInStaff({ username: agent.username, password: agent.password, clientIp: "192.0.2.99", now: after });
    expect(signedIn.ok).toBe(true);
    // A success forgives the username's tries: the next wrong guess is free again.
    const guess = await signInStaff({ username: agent.username, password: "guess again", clientIp: "192.0.2.98", now: after });
    expect(guess).toEqual({ ok: false, refusal: "wrong-credentials" });
  });

  it("slows down a client network trying many usernames, and only that network", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const network = "2001:db8:77:1::5";
    for (let i = 0; i < STAFF_SIGN_IN_THROTTLE.perNetwork.freeTries; i++) {
      await signInStaff({ username: `sprayed-${i}`, password: "Summer2026!", clientIp: network, now: at });
    }
    // Another address of the same /56 is the same network.
    const slowed = await signInStaff({ username: "sprayed-next", password: "Summer2026!", clientIp: "2001:db8:77:2::9", now: at });
    expect(slowed).toMatchObject({ ok: false, refusal: "slow-down" });
    const elsewhere = await signInStaff({ username: "sprayed-next", password: "Summer2026!", clientIp: "198.51.100.200", now: at });
    expect(elsewhere).toEqual({ ok: false, refusal: "wrong-credentials" });
  });

  it("counts a burst of parallel guesses as a burst", async () => {
    const agent = await account();
    const at = new Date("2026-11-24T11:00:00Z");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signInStaff({ username: agent.username, password: `burst ${i}`, clientIp: `192.0.2.${50 + i}`, now: at })),
    );
    expect(answers.filter((a) => !a.ok && a.refusal === "slow-down").length).toBe(8 - STAFF_SIGN_IN_THROTTLE.perUsername.freeTries);
  });
});
