/**
 * Staff accounts: admins and agents. Made by the command line (`npm run staff -- add NAME`),
 * by the first-admin variables on an empty database, or by an admin on the dashboard. Every
 * agent has an agent row (the older flow's agentid) and the external resources they work in.
 */
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/platform/db/db.server";
import { transaction } from "~/platform/db/transaction.server";
import { agentResources, agents, staffUsers } from "~/platform/db/schema";
import { done, refused, type Outcome } from "~/platform/outcome";
import { recordStaffAction, type Actor } from "./audit.server";
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from "./passwords.server";
import { endStaffSessionsOf } from "./sessions.server";

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{1,38}[A-Za-z0-9]$/;

export const staffUsername = z
  .string({ error: "staff:errors.usernameRequired" })
  .trim()
  .min(1, { error: "staff:errors.usernameRequired" })
  .regex(USERNAME_PATTERN, { error: "staff:errors.usernameFormat" });

export const newPassword = z
  .string({ error: "staff:errors.passwordTooShort" })
  .min(PASSWORD_MIN, { error: "staff:errors.passwordTooShort" })
  .max(PASSWORD_MAX, { error: "staff:errors.passwordTooLong" });

/** An agent resource's address: https (or http) elsewhere, or a path of this site. */
export const resourceUrl = z
  .string({ error: "staff:errors.resourceUrl" })
  .trim()
  .max(2000, { error: "staff:errors.resourceUrl" })
  .refine((value) => {
    if (/^\/(?![/\\])/.test(value)) return true;
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, { error: "staff:errors.resourceUrl" });

export const NewStaffAccount = z.object({
  username: staffUsername,
  password: newPassword,
  isAdmin: z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean()).default(false),
});

export const NewResource = z.object({
  agentId: z.coerce.number({ error: "staff:errors.noSuchAgent" }).int().positive().max(2_147_483_647),
  name: z.string().trim().min(1, { error: "staff:errors.resourceName" }).max(80, { error: "staff:errors.resourceName" }),
  url: resourceUrl,
});

export interface AgentResource {
  id: number;
  name: string;
  url: string;
}

export interface StaffAccount {
  id: number;
  username: string;
  isAdmin: boolean;
  agentId: number | null;
  lastSignedInAt: string | null;
  resources: AgentResource[];
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/** A new staff account; a non-admin is an agent (with an agent row named after them). */
export async function createStaffAccount(
  actor: Actor,
  input: z.output<typeof NewStaffAccount>,
): Promise<Outcome<{ id: number; agentId: number | null }, "username-taken">> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(eq(sql`lower(${staffUsers.username})`, input.username.toLowerCase()));
      if (taken) return refused("username-taken");
      const [made] = await tx
        .insert(staffUsers)
        .values({ username: input.username, passwordHash, isAdmin: input.isAdmin ? 1 : 0 })
        .returning({ id: staffUsers.id });
      let agentId: number | null = null;
      if (!input.isAdmin) {
        const [agent] = await tx.insert(agents).values({ staffUserId: made!.id, name: input.username }).returning({ id: agents.id });
        agentId = agent!.id;
      }
      await recordStaffAction(tx, actor, "create-staff", { kind: "staff", id: made!.id }, { username: input.username, admin: input.isAdmin });
      return done({ id: made!.id, agentId });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused("username-taken");
    throw error;
  }
}

/** A new password for a staff account; its sessions end (whoever held them signs in again). */
export async function setStaffPassword(actor: Actor, staffUserId: number, password: string): Promise<Outcome<null, "no-such-staff">> {
  const passwordHash = await hashPassword(password);
  const changed = await transaction(async (tx) => {
    const rows = await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, staffUserId)).returning({ id: staffUsers.id });
    if (rows.length === 0) return false;
    await recordStaffAction(tx, actor, "set-password", { kind: "staff", id: staffUserId });
    return true;
  });
  if (!changed) return refused("no-such-staff");
  await endStaffSessionsOf(staffUserId);
  return done(null);
}

export async function addAgentResource(
  actor: Actor,
  input: z.output<typeof NewResource>,
): Promise<Outcome<AgentResource, "no-such-agent">> {
  return transaction(async (tx) => {
    const [agent] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, input.agentId));
    if (!agent) return refused("no-such-agent");
    const [row] = await tx.insert(agentResources).values({ agentId: agent.id, name: input.name, url: input.url }).returning();
    await recordStaffAction(tx, actor, "add-resource", { kind: "agent", id: agent.id }, { name: input.name, url: input.url });
    return done({ id: row!.id, name: row!.name, url: row!.url });
  });
}

export async function removeAgentResource(actor: Actor, resourceId: number): Promise<Outcome<null, "no-such-resource">> {
  return transaction(async (tx) => {
    const [row] = await tx.delete(agentResources).where(eq(agentResources.id, resourceId)).returning();
    if (!row) return refused("no-such-resource");
    await recordStaffAction(tx, actor, "remove-resource", { kind: "agent", id: row.agentId }, { name: row.name, url: row.url });
    return done(null);
  });
}

/** An agent's resources, in the order they were added (the older flow's result.rows). */
export async function resourcesOfAgent(agentId: number): Promise<AgentResource[]> {
  return db()
    .select({ id: agentResources.id, name: agentResources.name, url: agentResources.url })
    .from(agentResources)
    .where(eq(agentResources.agentId, agentId))
    .orderBy(asc(agentResources.id));
}

/** Every staff account with its agent resources (admins' dashboard). */
export async function listStaffAccounts(): Promise<StaffAccount[]> {
  const rows = await db()
    .select({ user: staffUsers, agentId: agents.id })
    .from(staffUsers)
    .leftJoin(agents, eq(agents.staffUserId, staffUsers.id))
    .orderBy(asc(sql`lower(${staffUsers.username})`));
  const resources = await db().select().from(agentResources).orderBy(asc(agentResources.id));
  return rows.map(({ user, agentId }) => ({
    id: user.id,
    username: user.username,
    isAdmin: user.isAdmin > 0,
    agentId,
    lastSignedInAt: user.lastSignedInAt?.toISOString() ?? null,
    resources: resources.filter((r) => r.agentId === agentId).map((r) => ({ id: r.id, name: r.name, url: r.url })),
  }));
}

export async function countStaffAccounts(): Promise<number> {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(staffUsers);
  return row?.n ?? 0;
}

export async function agentExists(agentId: number): Promise<boolean> {
  const [row] = await db().select({ id: agents.id }).from(agents).where(eq(agents.id, agentId));
  return Boolean(row);
}
