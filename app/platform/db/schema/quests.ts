/**
 * Quests (authored data: ordered steps with the companion's lines in en and zh), the runs
 * members and parties make of them, what the server saw done, prize boxes and the
 * cosmetics and catch links they hand out.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";
import { contests } from "./contests";
import { creatures } from "./beamkins";
import { parties } from "./parties";

/** Authored text in both of the game's languages; an empty `zh` falls back to `en`. */
export interface LocalText {
  en: string;
  zh: string;
}

export { questObjectives, stepUnlocks, type QuestObjective, type StepUnlock } from "./quest-kinds";

export const quests = pgTable(
  "quests",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: jsonb("title").$type<LocalText>().notNull(),
    /** What the quest promises (the quest table's 'reward' column). */
    reward: jsonb("reward").$type<LocalText>().notNull(),
    /** The quest table's 'Time Needed', in seconds. */
    timeNeeded: integer("time_needed").notNull().default(0),
    position: integer("position").notNull().default(0),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    /** solo: one member plays it; party: any member of a party completes its steps. */
    kind: text("kind").notNull().default("solo"),
    /** draft quests are the game master's alone (a duplicate starts as one). */
    status: text("status").notNull().default("published"),
    /** auto: runs by itself for every member ('Complete Signup'); choose: started at /choose-quest. */
    starts: text("starts").notNull().default("choose"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quests_slug_key").on(t.slug),
    index("quests_contest_idx").on(t.contestId, t.position),
    check("quests_kind_known", sql`${t.kind} in ('solo', 'party')`),
    check("quests_status_known", sql`${t.status} in ('draft', 'published')`),
    check("quests_starts_known", sql`${t.starts} in ('choose', 'auto')`),
    check("quests_time_needed_range", sql`${t.timeNeeded} between 0 and 86400`),
  ],
);

export const questSteps = pgTable(
  "quest_steps",
  {
    id: serial("id").primaryKey(),
    questId: integer("quest_id")
      .notNull()
      .references(() => quests.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    objective: text("objective").notNull(),
    /**
     * What satisfies the objective, when only one thing does: a path (visit), a treasure or
     * party id, a guess card id, a salute kind ("star").
     */
    target: text("target"),
    /** Where the member goes to do it (the companion speaks the step's lines there too). */
    place: text("place"),
    unlock: text("unlock").notNull().default("linear"),
    /** The code a "scan" step's sheet carries (at least 96 random bits). */
    startCode: text("start_code"),
    /** The companion's lines, in both languages. */
    dialogue: jsonb("dialogue").$type<LocalText[]>().notNull().default([]),
    lightReward: integer("light_reward").notNull().default(5),
    points: integer("points").notNull().default(10),
  },
  (t) => [
    uniqueIndex("quest_steps_order_key").on(t.questId, t.position),
    uniqueIndex("quest_steps_start_code_key").on(t.startCode),
    index("quest_steps_objective_idx").on(t.objective),
    check(
      "quest_steps_objective_known",
      sql`${t.objective} in ('signup', 'visit', 'avatar', 'salute', 'party', 'guess', 'treasure', 'light', 'chat')`,
    ),
    check("quest_steps_unlock_known", sql`${t.unlock} in ('linear', 'free', 'scan')`),
    check("quest_steps_rewards_range", sql`${t.lightReward} between 0 and 100 and ${t.points} between 0 and 1000`),
  ],
);

/**
 * One play of a quest: a member's (solo) or a party's. A replay earns nothing again. At most
 * one unfinished run per quest and player (partial unique indexes).
 */
export const questRuns = pgTable(
  "quest_runs",
  {
    id: serial("id").primaryKey(),
    questId: integer("quest_id")
      .notNull()
      .references(() => quests.id, { onDelete: "cascade" }),
    memberId: integer("member_id").references(() => members.id, { onDelete: "cascade" }),
    partyId: integer("party_id").references(() => parties.id, { onDelete: "cascade" }),
    replay: boolean("replay").notNull().default(false),
    startedAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
  },
  (t) => [
    check("quest_runs_one_player", sql`(${t.memberId} is null) <> (${t.partyId} is null)`),
    uniqueIndex("quest_runs_open_member_key")
      .on(t.questId, t.memberId)
      .where(sql`${t.memberId} is not null and ${t.completedAt} is null and ${t.skippedAt} is null`),
    uniqueIndex("quest_runs_open_party_key")
      .on(t.questId, t.partyId)
      .where(sql`${t.partyId} is not null and ${t.completedAt} is null and ${t.skippedAt} is null`),
    index("quest_runs_member_idx").on(t.memberId),
    index("quest_runs_party_idx").on(t.partyId),
  ],
);

/** A step done in a run, by whom, and what it earned them (0 in a replay). */
export const questProgress = pgTable(
  "quest_progress",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => questRuns.id, { onDelete: "cascade" }),
    stepId: integer("step_id")
      .notNull()
      .references(() => questSteps.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    points: integer("points").notNull().default(0),
    light: integer("light").notNull().default(0),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stepId] }), index("quest_progress_member_idx").on(t.memberId, t.stepId)],
);

/** A "scan a code to start" step, opened for a run by scanning its code. */
export const questStepUnlocks = pgTable(
  "quest_step_unlocks",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => questRuns.id, { onDelete: "cascade" }),
    stepId: integer("step_id")
      .notNull()
      .references(() => questSteps.id, { onDelete: "cascade" }),
    unlockedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stepId] })],
);

export const prizeRewardKinds = ["gems", "light", "beamkin", "cosmetic"] as const;

/**
 * A prize box, and once opened, its roll: what was drawn, whether the pity rule gave it,
 * and what a duplicate became. Opening is a conditional update (opened_at is null), so a
 * double press opens one box.
 */
export const prizeBoxes = pgTable(
  "prize_boxes",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    questId: integer("quest_id").references(() => quests.id, { onDelete: "set null" }),
    runId: integer("run_id").references(() => questRuns.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** The number crypto.randomInt drew (0 ≤ roll < total weight); null for a pity box. */
    roll: integer("roll"),
    /** What the roll drew, before any duplicate was replaced. */
    drawnKind: text("drawn_kind"),
    pity: boolean("pity").notNull().default(false),
    /** What the member got. */
    rewardKind: text("reward_kind"),
    rewardAmount: integer("reward_amount"),
    creatureId: integer("creature_id").references(() => creatures.id),
    cosmetic: text("cosmetic"),
    /** A beamkin or cosmetic the member already had, replaced by its stated equivalent. */
    duplicateOf: text("duplicate_of"),
  },
  (t) => [
    index("prize_boxes_member_idx").on(t.memberId, t.createdAt),
    check("prize_boxes_reward_known", sql`${t.rewardKind} is null or ${t.rewardKind} in ('gems', 'light', 'beamkin', 'cosmetic')`),
  ],
);

/** Cosmetics a member won (badges on their quest map), once each. */
export const memberCosmetics = pgTable(
  "member_cosmetics",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    cosmetic: text("cosmetic").notNull(),
    obtainedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.cosmetic] })],
);

/** A link (and QR code) to catch a beamkin at /kidnap, shared by a game master or a friend. */
export const catchLinks = pgTable(
  "catch_links",
  {
    id: serial("id").primaryKey(),
    /** At least 96 random bits: the link is the permission. */
    code: text("code").notNull(),
    creatureId: integer("creature_id")
      .notNull()
      .references(() => creatures.id),
    createdBy: integer("created_by").references(() => members.id, { onDelete: "cascade" }),
    maxCatches: integer("max_catches").notNull().default(1),
    catches: integer("catches").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("catch_links_code_key").on(t.code),
    index("catch_links_creator_idx").on(t.createdBy, t.createdAt),
    check("catch_links_catches_range", sql`${t.catches} between 0 and ${t.maxCatches} and ${t.maxCatches} between 1 and 1000`),
  ],
);

export const catchLinkCatches = pgTable(
  "catch_link_catches",
  {
    linkId: integer("link_id")
      .notNull()
      .references(() => catchLinks.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    caughtAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.memberId] })],
);
