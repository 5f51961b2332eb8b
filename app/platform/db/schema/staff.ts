/**
 * Staff (the older username/password flow): accounts, agents, their resources and sessions,
 * the audit trail of what staff did, and what staff decided about members (suspensions,
 * notices from the team).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";

export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    /** argon2id, PHC string; rehashed at sign-in when the settings change. */
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin").notNull().default(0),
    createdAt: createdAt(),
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_users_username_key").on(sql`lower(${t.username})`)],
);

export const agents = pgTable(
  "agents",
  {
    id: serial("id").primaryKey(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("agents_staff_user_key").on(t.staffUserId)],
);

/** The external pages an agent works in (the text manager), opened from the dashboard. */
export const agentResources = pgTable(
  "agent_resources",
  {
    id: serial("id").primaryKey(),
    agentId: integer("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
  },
  (t) => [index("agent_resources_agent_idx").on(t.agentId)],
);

/** A staff session: its own cookie, never a member's; the id lives only in the cookie. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_staff_user_idx").on(t.staffUserId)],
);

/**
 * Every staff action, written in the same transaction as the action itself. The username is
 * kept as it was, so the trail still reads after an account is gone.
 */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: serial("id").primaryKey(),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    staffUsername: text("staff_username").notNull(),
    action: text("action").notNull(),
    targetKind: text("target_kind"),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    at: createdAt(),
  },
  (t) => [index("staff_audit_newest_idx").on(t.at.desc(), t.id.desc())],
);

/** A suspended member: signed out everywhere, and refused at sign-in, until it is lifted. */
export const memberSuspensions = pgTable("member_suspensions", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  suspendedBy: integer("suspended_by").references(() => staffUsers.id, { onDelete: "set null" }),
  suspendedAt: createdAt(),
});

export const memberNoticeKinds = ["report-handled", "warning"] as const;
export type MemberNoticeKind = (typeof memberNoticeKinds)[number];

/**
 * A word from the team to one member: their report was handled, or a warning about a salute
 * they sent. Shown on the salutes page until the member dismisses it.
 */
export const memberNotices = pgTable(
  "member_notices",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [
    index("member_notices_member_idx").on(t.memberId, t.seenAt),
    check("member_notices_kind_known", sql`${t.kind} in ('report-handled', 'warning')`),
  ],
);
