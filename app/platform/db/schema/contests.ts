/**
 * Contests, the roles members hold in them, requests to the game master and judges' scores.
 */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    createdAt: createdAt(),
  },
  (t) => [check("contests_status_known", sql`${t.status} in ('Active', 'Paused', 'Ended')`)],
);

export const roundStates = ["draft", "open", "judging", "published"] as const;
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contest_rounds_number_key").on(t.contestId, t.number),
    check("contest_rounds_state_known", sql`${t.state} in ('draft', 'open', 'judging', 'published')`),
  ],
);

export const roleNames = ["gamemaster", "ringleader", "judge"] as const;

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
    kind: text("kind").notNull(), // join, role
    role: text("role"),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("contest_requests_status_known", sql`${t.status} in ('pending', 'approved', 'declined')`),
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

export type Contest = typeof contests.$inferSelect;
