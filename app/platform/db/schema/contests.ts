/**
 * Contests, the roles members hold in them, requests to the game master and judges' scores.
 */
import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";
import { parties } from "./parties";

export const contests = pgTable(
  "contests",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    status: text("status").notNull().default("Active"),
    gameMasterId: integer("game_master_id").references(() => members.id),
    /** When the game master froze the overall board for the final (no more publishing changes it). */
    boardFrozenAt: timestamp("board_frozen_at", { withTimezone: true }),
    /** Judges every entry needs before a round is published (docs/contests.md, decision 1221). */
    minJudges: integer("min_judges").notNull().default(3),
    createdAt: createdAt(),
  },
  (t) => [
    check("contests_status_known", sql`${t.status} in ('Active', 'Paused', 'Ended')`),
    check("contests_min_judges_range", sql`${t.minJudges} between 1 and 12`),
  ],
);

export const roundStates = ["draft", "open", "judging", "published"] as const;

export interface RoundCriterion {
  name: string;
  weight: number;
}
export type RoundState = (typeof roundStates)[number];

/**
 * A contest's rounds. Added by the parties work for the roster lock (a party's roster is
 * locked while a round of its contest is open); the contests work owns the rest of a round.
 */
export const contestRounds = pgTable(
  "contest_rounds",
  {
    id: serial("id").primaryKey(),
    contestId: integer("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    state: text("state").$type<RoundState>().notNull().default("draft"),
    opensAt: timestamp("opens_at", { withTimezone: true }),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    /** What parties must do in this round. */
    challenge: text("challenge").notNull().default(""),
    /** 1 to 6 criteria, each scored 1–5 by every judge of an entry, with a weight (1–5). */
    criteria: jsonb("criteria").$type<RoundCriterion[]>().notNull().default([]),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contest_rounds_number_key").on(t.contestId, t.number),
    check("contest_rounds_state_known", sql`${t.state} in ('draft', 'open', 'judging', 'published')`),
  ],
);

/** What the contest audit trail records: status changes, the frozen board and each override. */
export const contestAuditActions = ["status", "freeze", "reopen-round", "remove-entry", "admit-late", "reassign-ringleader", "publish-short"] as const;
export type ContestAuditAction = (typeof contestAuditActions)[number];

export const roleNames = ["gamemaster", "ringleader", "judge"] as const;
export type ContestRoleName = (typeof roleNames)[number];

export const memberRoles = pgTable(
  "member_roles",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("member_roles_unique").on(t.memberId, t.contestId, t.role),
    check("member_roles_role_known", sql`${t.role} in ('gamemaster', 'ringleader', 'judge')`),
  ],
);

/** Join and role requests a game master answers in the request modal. */
export const contestRequests = pgTable(
  "contest_requests",
  {
    id: serial("id").primaryKey(),
    contestId: integer("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"join" | "role" | "question">().notNull(),
    /** The role a role request asks for. */
    role: text("role").$type<ContestRoleName>(),
    /** A question's text, or a request's own words. */
    message: text("message").notNull().default(""),
    /** The game master's reply, or a decline's reason. */
    answer: text("answer"),
    answeredBy: integer("answered_by").references(() => members.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("contest_requests_contest_idx").on(t.contestId, t.status),
    // One pending join request and one pending role request per member and contest (questions are many).
    uniqueIndex("contest_requests_one_pending").on(t.contestId, t.memberId, t.kind).where(sql`${t.status} = 'pending' and ${t.kind} in ('join', 'role')`),
    check("contest_requests_kind_known", sql`${t.kind} in ('join', 'role', 'question')`),
    check("contest_requests_status_known", sql`${t.status} in ('pending', 'approved', 'declined', 'answered')`),
  ],
);

export const judgeScores = pgTable(
  "judge_scores",
  {
    id: serial("id").primaryKey(),
    contestId: integer("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    partyId: integer("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    judgeId: integer("judge_id")
      .notNull()
      .references(() => members.id),
    round: integer("round").notNull().default(1),
    points: integer("points").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("judge_scores_unique").on(t.contestId, t.partyId, t.judgeId, t.round),
    check("judge_scores_points_range", sql`${t.points} between 0 and 100`),
  ],
);

/** The contest a member last chose (the game master's switcher, /compete). */
export const memberCurrentContests = pgTable("member_current_contests", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  contestId: integer("contest_id")
    .notNull()
    .references(() => contests.id, { onDelete: "cascade" }),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What a party submits for a round: a text and an optional link; resubmitted until the round closes. */
export const roundEntries = pgTable(
  "round_entries",
  {
    id: serial("id").primaryKey(),
    roundId: integer("round_id")
      .notNull()
      .references(() => contestRounds.id, { onDelete: "cascade" }),
    partyId: integer("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    link: text("link"),
    submittedBy: integer("submitted_by").references(() => members.id, { onDelete: "set null" }),
    /** The final submission's time: the last step of the tie-break. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /** Admitted by the game master after the round closed. */
    late: boolean("late").notNull().default(false),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("round_entries_party_key").on(t.roundId, t.partyId),
    check("round_entries_text_length", sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

export const assignmentStatuses = ["assigned", "recused", "skipped"] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];

/**
 * A judge's hold on an entry: assigned (scoring it; the claim keeps it from other judges
 * until `claimedUntil`), recused, or skipped for now. Notes go to the party (shown when the
 * round is published) and to the game master (never to players).
 */
export const entryJudges = pgTable(
  "entry_judges",
  {
    entryId: integer("entry_id")
      .notNull()
      .references(() => roundEntries.id, { onDelete: "cascade" }),
    judgeId: integer("judge_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    status: text("status").$type<AssignmentStatus>().notNull().default("assigned"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    noteForParty: text("note_for_party").notNull().default(""),
    noteForGameMaster: text("note_for_game_master").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.judgeId] }),
    index("entry_judges_judge_idx").on(t.judgeId),
    check("entry_judges_status_known", sql`${t.status} in ('assigned', 'recused', 'skipped')`),
  ],
);

/** One judge's score of one criterion of one entry (1–5). */
export const entryScores = pgTable(
  "entry_scores",
  {
    entryId: integer("entry_id")
      .notNull()
      .references(() => roundEntries.id, { onDelete: "cascade" }),
    judgeId: integer("judge_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    criterion: integer("criterion").notNull(),
    score: integer("score").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.judgeId, t.criterion] }),
    check("entry_scores_score_range", sql`${t.score} between 1 and 5`),
    check("entry_scores_criterion_range", sql`${t.criterion} between 0 and 5`),
  ],
);

/** The game master's overrides, each with its reason: the contest's audit trail. */
export const contestAudit = pgTable(
  "contest_audit",
  {
    id: serial("id").primaryKey(),
    contestId: integer("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => members.id, { onDelete: "set null" }),
    action: text("action").$type<ContestAuditAction>().notNull(),
    /** What it was done to, in words the trail shows ("Round 2", "The Lanterns"). */
    subject: text("subject").notNull().default(""),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contest_audit_contest_idx").on(t.contestId, t.createdAt)],
);

export type Contest = typeof contests.$inferSelect;
export type ContestRound = typeof contestRounds.$inferSelect;
export type RoundEntry = typeof roundEntries.$inferSelect;

/** Bytes of a picture, stored as PostgreSQL bytea (a Buffer in Node). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * An entry's photo, re-encoded on upload (location data gone, long side capped) and kept in
 * the database so every instance serves it. One an entry; resubmitting keeps, replaces or
 * removes it.
 */
export const entryPhotos = pgTable(
  "entry_photos",
  {
    entryId: integer("entry_id")
      .primaryKey()
      .references(() => roundEntries.id, { onDelete: "cascade" }),
    bytes: bytea("bytes").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("entry_photos_content_type_known", sql`${t.contentType} in ('image/jpeg', 'image/webp')`)],
);
