/**
 * Treasure codes a game master hides, the members who found them, and the keys of posts a
 * phone kept while offline (so a resend never counts twice).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";
import { contests } from "./contests";

export const treasures = pgTable(
  "treasures",
  {
    id: serial("id").primaryKey(),
    /** At least 96 random bits (decision 0910); rotated when it leaks. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    hint: text("hint").notNull().default(""),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    hiddenBy: integer("hidden_by").references(() => members.id),
    lightReward: integer("light_reward").notNull().default(10),
    points: integer("points").notNull().default(10),
    opensAt: timestamp("opens_at", { withTimezone: true }),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    codeRotatedAt: timestamp("code_rotated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("treasures_code_key").on(t.code),
    index("treasures_contest_idx").on(t.contestId),
    check("treasures_rewards_range", sql`${t.lightReward} between 0 and 100 and ${t.points} between 0 and 1000`),
    check("treasures_window_order", sql`${t.opensAt} is null or ${t.closesAt} is null or ${t.opensAt} < ${t.closesAt}`),
  ],
);

export const treasureClaimStatuses = ["counted", "review", "rejected"] as const;

/**
 * A member's find: once per treasure and member (the primary key). A burst of finds is held
 * for the game master's review (status 'review') instead of counting at once.
 */
export const treasureClaims = pgTable(
  "treasure_claims",
  {
    treasureId: integer("treasure_id")
      .notNull()
      .references(() => treasures.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("counted"),
    /** What the find earned (0 until a held find is approved). */
    points: integer("points").notNull().default(0),
    claimedAt: createdAt(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: integer("reviewed_by").references(() => members.id),
  },
  (t) => [
    primaryKey({ columns: [t.treasureId, t.memberId] }),
    index("treasure_claims_member_idx").on(t.memberId, t.claimedAt),
    check("treasure_claims_status_known", sql`${t.status} in ('counted', 'review', 'rejected')`),
  ],
);

/**
 * The key each offline-kept claim or guess carries, with the answer it got: a resend of the
 * same key gets that answer again and counts nothing twice.
 */
export const sentKeys = pgTable(
  "sent_keys",
  {
    key: text("key").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    answer: jsonb("answer").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("sent_keys_member_idx").on(t.memberId, t.createdAt)],
);
