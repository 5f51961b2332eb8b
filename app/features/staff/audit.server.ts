/**
 * The audit trail: every staff action, written through the same query runner (the same
 * transaction) as the action itself, so a trail entry exists exactly when the action
 * happened. Admins read it on the dashboard, newest first.
 */
import { desc, lt, or, and, eq } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import type { Queryable } from "~/platform/db/transaction.server";
import { staffAudit } from "~/platform/db/schema";

export const staffActions = [
  "sign-in",
  "sign-out",
  "create-staff",
  "set-password",
  "add-resource",
  "remove-resource",
  "look-up-members",
  "suspend-member",
  "lift-suspension",
  "warn-member",
  "hide-salute",
  "restore-salute",
] as const;
export type StaffAction = (typeof staffActions)[number];

/** Who acted: a staff account, or the operator (the command line, the first-admin variable). */
export interface Actor {
  id: number | null;
  username: string;
}

/** The operator's name in the trail when no staff account acted. */
export const OPERATOR: Actor = { id: null, username: "(operator)" };

export interface AuditEntry {
  id: number;
  staffUsername: string;
  action: StaffAction;
  targetKind: string | null;
  targetId: string | null;
  details: Record<string, string | number | boolean | null>;
  at: string;
}

export async function recordStaffAction(
  on: Queryable,
  actor: Actor,
  action: StaffAction,
  target: { kind: string; id: string | number } | null = null,
  details: AuditEntry["details"] = {},
  at = new Date(),
) {
  await on.insert(staffAudit).values({
    staffUserId: actor.id,
    staffUsername: actor.username,
    action,
    targetKind: target?.kind ?? null,
    targetId: target === null ? null : String(target.id),
    details,
    at,
  });
}

export const AUDIT_PAGE = 50;

/** The trail, newest first, a page at a time (`before`: the last entry's id of the page before). */
export async function listAudit(options: { before?: number; limit?: number } = {}): Promise<AuditEntry[]> {
  const limit = Math.min(options.limit ?? AUDIT_PAGE, 200);
  let where;
  if (options.before) {
    const [from] = await db().select({ at: staffAudit.at }).from(staffAudit).where(eq(staffAudit.id, options.before));
    if (from) where = or(lt(staffAudit.at, from.at), and(eq(staffAudit.at, from.at), lt(staffAudit.id, options.before)));
  }
  const rows = await db().select().from(staffAudit).where(where).orderBy(desc(staffAudit.at), desc(staffAudit.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    staffUsername: r.staffUsername,
    action: r.action as StaffAction,
    targetKind: r.targetKind,
    targetId: r.targetId,
    details: r.details,
    at: r.at.toISOString(),
  }));
}
