/**
 * Take-a-guess cards and members' guesses.
 */
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";
import { contests } from "./contests";

export const guessCards = pgTable("guess_cards", {
  id: serial("id").primaryKey(),
  contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
  question: text("question").notNull(),
  choices: jsonb("choices").$type<string[]>().notNull().default([]),
  answer: text("answer").notNull(),
  points: integer("points").notNull().default(10),
  createdBy: integer("created_by").references(() => members.id),
  createdAt: createdAt(),
});

export const guesses = pgTable(
  "guesses",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => guessCards.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    guess: text("guess").notNull(),
    correct: boolean("correct").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.memberId] })],
);
