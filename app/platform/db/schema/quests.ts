/**
 * Quests, their steps, members' progress and prize boxes.
 */
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";
import { contests } from "./contests";
import { creatures } from "./beamkins";

export const questObjectives = ["visit", "avatar", "salute", "party", "guess", "treasure"] as const;

export const quests = pgTable(
  "quests",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    /** Title and reward text are translation keys under the quests namespace. */
    title: text("title").notNull(),
    reward: text("reward").notNull(),
    timeNeeded: integer("time_needed").notNull().default(0),
    position: integer("position").notNull().default(0),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("quests_slug_key").on(t.slug)],
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
    /** What satisfies the objective: a path for visit, an id for treasure or guess. */
    target: text("target"),
    /** Translation keys of the companion's dialogue lines. */
    dialogue: jsonb("dialogue").$type<string[]>().notNull().default([]),
    lightReward: integer("light_reward").notNull().default(5),
    points: integer("points").notNull().default(10),
  },
  (t) => [
    uniqueIndex("quest_steps_order_key").on(t.questId, t.position),
    check(
      "quest_steps_objective_known",
      sql`${t.objective} in ('visit', 'avatar', 'salute', 'party', 'guess', 'treasure')`,
    ),
    check("quest_steps_rewards_nonneg", sql`${t.lightReward} >= 0 and ${t.points} >= 0`),
  ],
);

export const questProgress = pgTable(
  "quest_progress",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    stepId: integer("step_id")
      .notNull()
      .references(() => questSteps.id, { onDelete: "cascade" }),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.stepId] })],
);

export const prizeBoxes = pgTable("prize_boxes", {
  id: serial("id").primaryKey(),
  memberId: integer("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  questId: integer("quest_id").references(() => quests.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  openedAt: timestamp("opened_at", { withTimezone: true }),
  rewardKind: text("reward_kind"), // gems, light, beamkin
  rewardAmount: integer("reward_amount"),
  creatureId: integer("creature_id").references(() => creatures.id),
});
