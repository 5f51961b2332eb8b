/**
 * Take-a-guess cards (/takeaguess/{cardID}). Decision 0920.
 *
 * - Attempts are limited (the card's maxAttempts) and counted one after another per member
 *   and card (an advisory lock), so a burst of posts cannot pass the limit.
 * - A right guess scores once: the card's points less the hints taken (never below 0),
 *   as quest points; the partial unique index allows one right attempt per member and card.
 * - A guess kept on a phone while offline carries a key: a resend gets the first answer
 *   and uses no second attempt.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { guessAttempts, guessCards, guessHintsTaken } from "~/platform/db/schema";
import { transaction, type Tx } from "~/platform/db/transaction.server";
import type { Language } from "~/platform/i18n";
import { done, refused, type Outcome } from "~/platform/outcome";
import { answerOfKey, keepAnswer, postKey, takeKey } from "~/platform/sent-keys.server";
import { awardScore } from "~/features/leaderboard/index.server";
import { publish } from "~/platform/happened.server";
import { inLanguage, type ShownText } from "~/features/quests";
import { GUESS_MAX, judgeGuess, type Verdict } from "./judge";

type Card = typeof guessCards.$inferSelect;

export const CARD_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/i;

async function findCard(on: Tx | ReturnType<typeof db>, cardId: string): Promise<Card | null> {
  if (!CARD_ID_PATTERN.test(cardId)) return null;
  const [card] = await on.select().from(guessCards).where(eq(guessCards.id, cardId));
  return card ?? null;
}

async function standing(on: Tx | ReturnType<typeof db>, card: Card, memberId: number) {
  const [attempts, hints] = await Promise.all([
    on
      .select({ verdict: guessAttempts.verdict, points: guessAttempts.points, guess: guessAttempts.guess, at: guessAttempts.createdAt })
      .from(guessAttempts)
      .where(and(eq(guessAttempts.cardId, card.id), eq(guessAttempts.memberId, memberId)))
      .orderBy(asc(guessAttempts.createdAt), asc(guessAttempts.id)),
    on
      .select({ hint: guessHintsTaken.hint })
      .from(guessHintsTaken)
      .where(and(eq(guessHintsTaken.cardId, card.id), eq(guessHintsTaken.memberId, memberId))),
  ]);
  const right = attempts.find((a) => a.verdict === "right") ?? null;
  const taken = new Set(hints.map((h) => h.hint));
  const hintCost = card.hints.reduce((sum, hint, i) => sum + (taken.has(i) ? hint.cost : 0), 0);
  return {
    attempts,
    right,
    taken,
    attemptsLeft: right ? 0 : Math.max(0, card.maxAttempts - attempts.length),
    worth: Math.max(0, card.points - hintCost),
  };
}

export interface CardView {
  id: string;
  question: ShownText;
  image: { url: string; alt: ShownText } | null;
  numeric: boolean;
  points: number;
  /** What a right guess is worth now (points less the hints taken). */
  worth: number;
  maxAttempts: number;
  attemptsLeft: number;
  solved: { points: number; guess: string } | null;
  attempts: Array<{ guess: string; verdict: Verdict }>;
  hints: Array<{ index: number; cost: number; text: ShownText | null }>;
}

/** The card as the member sees it: the question, their attempts, hints taken (their text) and not (their cost). */
export async function cardForMember(cardId: string, memberId: number, lang: Language): Promise<CardView | null> {
  const card = await findCard(db(), cardId);
  if (!card) return null;
  const s = await standing(db(), card, memberId);
  return {
    id: card.id,
    question: inLanguage(card.question, lang),
    image: card.imageUrl ? { url: card.imageUrl, alt: inLanguage(card.imageAlt, lang) } : null,
    numeric: card.numericAnswer !== null,
    points: card.points,
    worth: s.worth,
    maxAttempts: card.maxAttempts,
    attemptsLeft: s.attemptsLeft,
    solved: s.right ? { points: s.right.points, guess: s.right.guess } : null,
    attempts: s.attempts.map((a) => ({ guess: a.guess, verdict: a.verdict as Verdict })),
    hints: card.hints.map((hint, index) => ({ index, cost: hint.cost, text: s.taken.has(index) ? inLanguage(hint.text, lang) : null })),
  };
}

export type GuessRefusal = "no-card" | "solved" | "no-attempts-left";

export interface GuessDone {
  verdict: Verdict;
  attemptsLeft: number;
  points: number;
}

export type GuessOutcome = Outcome<GuessDone, GuessRefusal>;

export async function takeAGuess(input: { memberId: number; cardId: string; guess: string; key?: string }, now = new Date()): Promise<GuessOutcome> {
  const { memberId } = input;
  const key = postKey(input.key, `${input.cardId}:${input.guess.trim()}`);
  const earlier = await answerOfKey<GuessOutcome>(memberId, key);
  if (earlier) return earlier;
  return transaction(async (tx) => {
    const card = await findCard(tx, input.cardId);
    if (!card) return refused("no-card");
    // One member's guesses at one card are counted one after another.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`guess\u001f${card.id}\u001f${memberId}`}, 0))`);
    const again = await takeKey<GuessOutcome>(tx, memberId, key, "guess");
    if (again) return again;
    const s = await standing(tx, card, memberId);
    let answer: GuessOutcome;
    if (s.right) answer = refused("solved");
    else if (s.attemptsLeft <= 0) answer = refused("no-attempts-left", { details: { max: card.maxAttempts } });
    else {
      const verdict = judgeGuess(card, input.guess);
      const points = verdict === "right" ? s.worth : 0;
      await tx.insert(guessAttempts).values({ cardId: card.id, memberId, guess: input.guess.trim().slice(0, GUESS_MAX), verdict, points, createdAt: now });
      if (verdict === "right") {
        // A contest's card counts for the member's party in that contest only (docs/parties.md).
        if (points > 0) await awardScore(tx, memberId, { questPoints: points }, now, card.contestId === null ? {} : { contestId: card.contestId });
        await publish(tx, { what: "guess", memberId, target: card.id, at: now });
      }
      answer = done({ verdict, attemptsLeft: verdict === "right" ? 0 : s.attemptsLeft - 1, points });
    }
    await keepAnswer(tx, memberId, key, "guess", answer);
    return answer;
  });
}

export type HintRefusal = "no-card" | "no-hint" | "solved";

/** Takes a hint: its text shows from now on, and its cost comes off the card's reward. */
export async function takeHint(memberId: number, cardId: string, hint: number, now = new Date()): Promise<Outcome<{ cost: number }, HintRefusal>> {
  const card = await findCard(db(), cardId);
  if (!card) return refused("no-card");
  const chosen = card.hints[hint];
  if (!chosen) return refused("no-hint");
  const s = await standing(db(), card, memberId);
  if (s.right) return refused("solved");
  await db().insert(guessHintsTaken).values({ cardId: card.id, memberId, hint, takenAt: now }).onConflictDoNothing();
  return done({ cost: chosen.cost });
}
