/**
 * Members, their sessions and their phone sign-in attempts.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(), // E.164, e.g. +15551234567
    username: text("username"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    zipcode: text("zipcode"),
    notes: text("notes"),
    status: text("status").notNull().default("0"),
    type: text("type").notNull().default("0"),
    clientId: text("client_id"),
    sellerId: text("seller_id"),
    recruitedBy: integer("recruited_by"),
    joinedAt: createdAt(),
    lastScore: integer("last_score").notNull().default(0),
    prevContestId: integer("prev_contest_id"),
    /** The active beamkin's catalogue id; 0 means no companion. */
    creatureId: integer("creature_id").notNull().default(0),
    companionCorralled: boolean("companion_corralled").notNull().default(false),
    storyMuted: boolean("story_muted").notNull().default(false),
    /** Member light not yet given to a beamkin; the light ledger explains every change. */
    lightBalance: integer("light_balance").notNull().default(0),
    /** Gems left to give this week (weekly allowance). */
    gemBalance: integer("gem_balance").notNull().default(10),
    gemWeek: date("gem_week"),
    lastVisitDay: date("last_visit_day"),
    /**
     * Leaderboard score, materialised so ranking 100 000 members is an index scan.
     * Only app/features/leaderboard/score.server.ts writes these (the formula lives there);
     * `score_counts` and `week_score_counts` follow every change (triggers, migration 0011).
     */
    score: integer("score").notNull().default(0),
    /** Points earned in the week that starts on `score_week` (Monday, UTC). */
    weekScore: integer("week_score").notNull().default(0),
    scoreWeek: date("score_week"),
  },
  (t) => [
    uniqueIndex("members_phone_key").on(t.phone),
    index("members_score_rank_idx").on(t.score.desc(), t.id),
    index("members_week_score_rank_idx").on(t.scoreWeek, t.weekScore.desc(), t.id),
    uniqueIndex("members_username_lower_key").on(sql`lower(${t.username})`),
    check("members_light_balance_nonneg", sql`${t.lightBalance} >= 0`),
    check("members_gem_balance_nonneg", sql`${t.gemBalance} >= 0`),
    check("members_creature_id_nonneg", sql`${t.creatureId} >= 0`),
    check("members_score_nonneg", sql`${t.score} >= 0 and ${t.weekScore} >= 0`),
  ],
);

/**
 * How many members hold each all-time score above zero, so a member's rank is a sum over
 * the distinct scores above theirs (a few hundred rows) instead of a count of the members
 * ahead (decision 1010). A score's count is the sum of its rows: a change adds a row and
 * folds in the rows no other transaction holds, so concurrent awards never wait on one
 * another. Kept by statement triggers on `members` (migration 0011), whoever writes a score.
 */
export const scoreCounts = pgTable(
  "score_counts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    score: integer("score").notNull(),
    /** A change in how many members hold `score` (negative when members left it). */
    members: integer("members").notNull(),
  },
  (t) => [index("score_counts_score_idx").on(t.score)],
);

/** The same for weekly scores: members whose `score_week` is `week` with `week_score` = `score`. */
export const weekScoreCounts = pgTable(
  "week_score_counts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    week: date("week").notNull(),
    score: integer("score").notNull(),
    members: integer("members").notNull(),
  },
  (t) => [index("week_score_counts_week_score_idx").on(t.week, t.score)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the random session id; the id itself only ever lives in the cookie. */
    idHash: text("id_hash").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    fingerprint: text("fingerprint"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_member_idx").on(t.memberId)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    /** HMAC of the code keyed by the server secret; the code itself is never stored. */
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedTries: integer("failed_tries").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    burntAt: timestamp("burnt_at", { withTimezone: true }),
  },
  (t) => [
    index("login_attempts_phone_idx").on(t.phone, t.createdAt),
    check("login_attempts_failed_tries_range", sql`${t.failedTries} between 0 and 5`),
  ],
);

export type Member = typeof members.$inferSelect;

/**
 * What a member typed into a form posted after their session ended (decision 0509), kept
 * while they sign in again: found by a random key in the browser's session cookie, given
 * back once to the page it was posted from, and gone after `expires_at`.
 */
export const formDrafts = pgTable(
  "form_drafts",
  {
    /** 128 random bits: the only copy outside this table is in the browser's own cookie. */
    key: text("key").primaryKey(),
    /** The page the form was posted from, as the address bar shows it (/compliment?to=9). */
    page: text("page").notNull(),
    /** The form's text fields, whole. */
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("form_drafts_expires_idx").on(t.expiresAt)],
);
