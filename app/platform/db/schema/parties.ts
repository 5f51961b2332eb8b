/**
 * Parties, their rosters, join requests, invitations (one token behind a link, an email and
 * a QR code), the points a party earned and what happened in it. The rules these tables
 * hold are written in docs/parties.md.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";
import { contests } from "./contests";

export const joinPolicies = ["open", "invite", "request"] as const;
export type JoinPolicy = (typeof joinPolicies)[number];

export const partyRoles = ["ringleader", "member"] as const;
export type PartyRole = (typeof partyRoles)[number];

export const parties = pgTable(
  "parties",
  {
    id: serial("id").primaryKey(),
    /** Null for a friends' party, outside any contest. */
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    motto: text("motto").notNull().default(""),
    /** A local party's zipcode. */
    zipcode: text("zipcode"),
    /** Members plus pending invitations never exceed it. */
    cap: integer("cap").notNull().default(8),
    joinPolicy: text("join_policy").$type<JoinPolicy>().notNull().default("invite"),
    /** The code people read aloud; a rotation replaces it and the old one stops working. */
    joinCode: text("join_code").notNull(),
    codeRotatedAt: timestamp("code_rotated_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => members.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When its last member left: the party stays (its points and history) but takes no one. */
    disbandedAt: timestamp("disbanded_at", { withTimezone: true }),
  },
  (t) => [
    index("parties_contest_idx").on(t.contestId),
    uniqueIndex("parties_join_code_key").on(t.joinCode),
    uniqueIndex("parties_contest_name_key")
      .on(t.contestId, sql`lower(${t.name})`)
      .where(sql`${t.contestId} is not null and ${t.disbandedAt} is null`),
    check("parties_cap_range", sql`${t.cap} between 2 and 50`),
    check("parties_join_policy_known", sql`${t.joinPolicy} in ('open', 'invite', 'request')`),
    check("parties_name_length", sql`char_length(${t.name}) between 1 and 40`),
    check("parties_motto_length", sql`char_length(${t.motto}) <= 120`),
  ],
);

export const partyMembers = pgTable(
  "party_members",
  {
    partyId: integer("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The party's contest, copied so the database holds "one party per contest per member". */
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    role: text("role").$type<PartyRole>().notNull().default("member"),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.partyId, t.memberId] }),
    index("party_members_member_idx").on(t.memberId),
    uniqueIndex("party_members_one_per_contest").on(t.contestId, t.memberId).where(sql`${t.contestId} is not null`),
    check("party_members_role_known", sql`${t.role} in ('ringleader', 'member')`),
  ],
);

export const joinRequestStatuses = ["pending", "accepted", "declined", "withdrawn"] as const;

/** "Request to join" parties: a member asks, a ringleader accepts or declines. */
export const partyJoinRequests = pgTable(
  "party_join_requests",
  {
    id: serial("id").primaryKey(),
    partyId: integer("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => members.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("party_join_requests_pending_key").on(t.partyId, t.memberId).where(sql`${t.status} = 'pending'`),
    check("party_join_requests_status_known", sql`${t.status} in ('pending', 'accepted', 'declined', 'withdrawn')`),
  ],
);

export type InviteRole = PartyRole | "judge";

export const inviteChannels = ["link", "email", "qr"] as const;
export type InviteChannel = (typeof inviteChannels)[number];
export const inviteStatuses = ["pending", "accepted", "declined", "revoked", "replaced"] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

/**
 * One invitation: one random token behind its link, its email and its QR code. Only the
 * token's SHA-256 is kept; the link is shown once, when it is made or resent.
 */
export const invites = pgTable(
  "invites",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    /** Null for a contest role invitation (a judge, a contest's ringleader) sent by its game master. */
    partyId: integer("party_id").references(() => parties.id, { onDelete: "cascade" }),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    inviterId: integer("inviter_id").references(() => members.id, { onDelete: "set null" }),
    /** What the invitee becomes: a member, or a co-ringleader; for a contest role invitation, a judge or a ringleader. */
    role: text("role").$type<InviteRole>().notNull().default("member"),
    channel: text("channel").$type<InviteChannel>().notNull(),
    email: text("email"),
    /** The invitee's language, for the email (en, zh). */
    language: text("language"),
    status: text("status").$type<InviteStatus>().notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => members.id, { onDelete: "set null" }),
    /** The invitation a resend made in its place. */
    replacedBy: integer("replaced_by"),
  },
  (t) => [
    uniqueIndex("invites_token_hash_key").on(t.tokenHash),
    index("invites_party_status_idx").on(t.partyId, t.status),
    check("invites_role_known", sql`${t.role} in ('ringleader', 'member', 'judge')`),
    check("invites_party_or_contest", sql`${t.partyId} is not null or (${t.contestId} is not null and ${t.role} in ('judge', 'ringleader'))`),
    check("invites_channel_known", sql`${t.channel} in ('link', 'email', 'qr')`),
    check("invites_status_known", sql`${t.status} in ('pending', 'accepted', 'declined', 'revoked', 'replaced')`),
  ],
);

/**
 * Points a party earned: a member's points while they belong to it. They stay with the
 * party when the member leaves (the member id goes null only when the account is deleted).
 */
export const partyPoints = pgTable(
  "party_points",
  {
    id: serial("id").primaryKey(),
    partyId: integer("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    points: integer("points").notNull(),
    at: createdAt(),
  },
  (t) => [index("party_points_party_idx").on(t.partyId, t.memberId)],
);

export const partyEventKinds = ["formed", "joined", "left", "removed", "ringleader", "handover", "succession", "code", "disbanded"] as const;
export type PartyEventKind = (typeof partyEventKinds)[number];

/** What happened in a party: its activity list, removal reasons, the game master's notices. */
export const partyEvents = pgTable(
  "party_events",
  {
    id: serial("id").primaryKey(),
    partyId: integer("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    kind: text("kind").$type<PartyEventKind>().notNull(),
    /** Who did it. */
    actorId: integer("actor_id").references(() => members.id, { onDelete: "set null" }),
    /** Who it happened to (the member removed, the new ringleader). */
    subjectId: integer("subject_id").references(() => members.id, { onDelete: "set null" }),
    /** A removal's reason, in the ringleader's words, shown to the member removed. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("party_events_party_idx").on(t.partyId, t.createdAt),
    index("party_events_subject_idx").on(t.subjectId, t.kind),
    check(
      "party_events_kind_known",
      sql`${t.kind} in ('formed', 'joined', 'left', 'removed', 'ringleader', 'handover', 'succession', 'code', 'disbanded')`,
    ),
    check("party_events_note_length", sql`${t.note} is null or char_length(${t.note}) <= 200`),
  ],
);

export type Party = typeof parties.$inferSelect;
export type Invite = typeof invites.$inferSelect;
