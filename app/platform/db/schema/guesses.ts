/**
 * Take-a-guess cards, members' attempts and the hints they took.
 */
import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";
import { contests } from "./contests";
import type { LocalText } from "./quests";

export interface GuessHint {
  text: LocalText;
  /** Points the hint takes off this card's reward. */
  cost: number;
}

export const guessCards = pgTable(
  "guess_cards",
  {
    /** The card's id in /takeaguess/{cardID}: a readable slug or a random id. */
    id: text("id").primaryKey(),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    question: jsonb("question").$type<LocalText>().notNull(),
    imageUrl: text("image_url"),
    imageAlt: jsonb("image_alt").$type<LocalText>(),
    /** Accepted answers, compared in their normalised form. */
    answers: jsonb("answers").$type<string[]>().notNull().default([]),
    /** A pattern the normalised answer may match instead (anchored, case-free). */
    pattern: text("pattern"),
    /** A numeric answer, right within `tolerance`. */
    numericAnswer: doublePrecision("numeric_answer"),
    tolerance: doublePrecision("tolerance").notNull().default(0),
    hints: jsonb("hints").$type<GuessHint[]>().notNull().default([]),
    maxAttempts: integer("max_attempts").notNull().default(3),
    points: integer("points").notNull().default(10),
    createdBy: integer("created_by").references(() => members.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("guess_cards_attempts_range", sql`${t.maxAttempts} between 1 and 20`),
    check("guess_cards_points_range", sql`${t.points} between 0 and 1000`),
    check("guess_cards_tolerance_nonneg", sql`${t.tolerance} >= 0`),
  ],
);

export const guessVerdicts = ["right", "close", "wrong"] as const;

/** Every attempt; a right one scores once (the partial unique index). */
export const guessAttempts = pgTable(
  "guess_attempts",
  {
    id: serial("id").primaryKey(),
    cardId: text("card_id")
      .notNull()
      .references(() => guessCards.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    guess: text("guess").notNull(),
    verdict: text("verdict").notNull(),
    points: integer("points").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("guess_attempts_card_member_idx").on(t.cardId, t.memberId),
    uniqueIndex("guess_attempts_right_once_key").on(t.cardId, t.memberId).where(sql`${t.verdict} = 'right'`),
    check("guess_attempts_verdict_known", sql`${t.verdict} in ('right', 'close', 'wrong')`),
    check("guess_attempts_guess_length", sql`char_length(${t.guess}) <= 200`),
  ],
);

export const guessHintsTaken = pgTable(
  "guess_hints_taken",
  {
    cardId: text("card_id")
      .notNull()
      .references(() => guessCards.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    hint: integer("hint").notNull(),
    takenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.memberId, t.hint] })],
);
