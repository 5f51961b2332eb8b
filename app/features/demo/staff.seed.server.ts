/**
 * The demo world's staff: one admin and one agent with known passwords (printed by
 * `npm start`), the agent's one resource (the console text outbox, the demo's text manager),
 * and a reported secret salute waiting in the moderation queue.
 */
import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Database } from "~/platform/db/db.server";
import * as t from "~/platform/db/schema";
import { log } from "~/platform/log.server";
import { checkPassword, hashPassword, OPERATOR, setStaffPassword } from "~/features/staff/index.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Demo staff sign in at /login with these (the demo world only: never a real deployment's). */
export const demoStaff = [
  { username: "admin", password: "glow-admin-demo", isAdmin: true },
  { username: "agent", password: "glow-agent-demo", isAdmin: false },
] as const;

/** The agent's text manager: the console SMS outbox, which the demo world runs with. */
export const DEMO_AGENT_RESOURCE = { name: "Text outbox", url: "/dev/outbox" } as const;

export async function seedDemoStaff(tx: Tx, options: { senderId: number; recipientId: number; sentAt: Date; reportedAt: Date }) {
  for (const account of demoStaff) {
    const [user] = await tx
      .insert(t.staffUsers)
      .values({ username: account.username, passwordHash: await hashPassword(account.password), isAdmin: account.isAdmin ? 1 : 0 })
      .returning({ id: t.staffUsers.id });
    if (!account.isAdmin) {
      const [agent] = await tx.insert(t.agents).values({ staffUserId: user!.id, name: account.username }).returning({ id: t.agents.id });
      await tx.insert(t.agentResources).values({ agentId: agent!.id, ...DEMO_AGENT_RESOURCE });
    }
  }
  // A secret salute its recipient reported: hidden from them (and never on the feed) until
  // staff decide.
  await tx.insert(t.salutes).values({
    kind: "secret",
    senderId: options.senderId,
    recipientId: options.recipientId,
    promptKey: "funny",
    message: "You laugh like a goose.",
    createdAt: options.sentAt,
    reportedAt: options.reportedAt,
    reportReason: "unkind",
    hiddenAt: options.reportedAt,
  });
}

/** The demo staff accounts that still exist (for the welcome text). */
export async function demoStaffPresent(db: Database) {
  const rows = await db.select({ username: t.staffUsers.username }).from(t.staffUsers);
  const names = new Set(rows.map((r) => r.username));
  return demoStaff.filter((s) => names.has(s.username));
}

/**
 * With the demo world not asked for (SEED_DEMO off: the container's default), a demo staff
 * account that still has its published password (a database seeded by an older image, or
 * by `npm start`) gets a new random password nobody knows, so no account with a password
 * printed in the README signs anyone in. The account stays; `npm run staff -- password NAME`
 * gives it a real one (decision 1101). Answers the usernames it locked.
 */
export async function lockPublishedDemoPasswords(db: Database): Promise<string[]> {
  const names = demoStaff.map((s) => s.username);
  const rows = await db
    .select({ id: t.staffUsers.id, username: t.staffUsers.username, passwordHash: t.staffUsers.passwordHash })
    .from(t.staffUsers)
    .where(inArray(t.staffUsers.username, names));
  const locked: string[] = [];
  for (const row of rows) {
    const published = demoStaff.find((s) => s.username === row.username)!.password;
    if (!(await checkPassword(row.passwordHash, published))) continue;
    await setStaffPassword({ ...OPERATOR, username: "(SEED_DEMO off)" }, row.id, randomBytes(32).toString("base64url"));
    locked.push(row.username);
    log.warn("a demo staff account had its published password: it has a new random one now", {
      username: row.username,
      fix: `npm run staff -- password ${row.username}`,
    });
  }
  return locked;
}
