/**
 * Treasure codes a game master hides and the members who found them.
 */
import { integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";
import { contests } from "./contests";

export const treasures = pgTable(
  "treasures",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    title: text("title").notNull(),
    hint: text("hint").notNull().default(""),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    hiddenBy: integer("hidden_by").references(() => members.id),
    lightReward: integer("light_reward").notNull().default(10),
    points: integer("points").notNull().default(10),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("treasures_code_key").on(t.code)],
);

export const treasureClaims = pgTable(
  "treasure_claims",
  {
    treasureId: integer("treasure_id")
      .notNull()
      .references(() => treasures.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    claimedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.treasureId, t.memberId] })],
);
