import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { guessAttempts, members } from "~/platform/db/schema";
import { cardForMember, takeAGuess, takeHint } from "./guesses.server";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

let phones = 0;
async function member() {
  phones += 1;
  const [row] = await db().insert(members).values({ phone: `+1555450${String(phones).padStart(4, "0")}`, firstName: "Guesser" }).returning();
  return row!;
}

describe("taking a guess", () => {
  it("wrong, close, then right: told how many tries remain, scored once", async () => {
    const m = await member();
    expect(await takeAGuess({ memberId: m.id, cardId: "library-steps", guess: "7" })).toEqual({ ok: true, value: { verdict: "wrong", attemptsLeft: 2, points: 0 } });
    expect(await takeAGuess({ memberId: m.id, cardId: "library-steps", guess: "40" })).toEqual({ ok: true, value: { verdict: "close", attemptsLeft: 1, points: 0 } });
    expect(await takeAGuess({ memberId: m.id, cardId: "library-steps", guess: "４２" })).toEqual({ ok: true, value: { verdict: "right", attemptsLeft: 0, points: 10 } });
    expect(await takeAGuess({ memberId: m.id, cardId: "library-steps", guess: "42" })).toEqual({ ok: false, refusal: "solved" });
    const [row] = await db().select().from(members).where(eq(members.id, m.id));
    expect(row!.score).toBe(10);
    const view = await cardForMember("library-steps", m.id, "en");
    expect(view).toMatchObject({ solved: { points: 10 }, attemptsLeft: 0 });
  });

  it("in Chinese: full-width punctuation and spaces forgiven", async () => {
    const m = await member();
    expect(await takeAGuess({ memberId: m.id, cardId: "lantern-festival", guess: "　春天！" })).toMatchObject({ ok: true, value: { verdict: "right" } });
  });

  it("runs out of attempts, and a burst cannot pass the limit", async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => takeAGuess({ memberId: m.id, cardId: "rainbow-colour", guess: `nope${i}` })));
    expect(answers.filter((a) => a.ok)).toHaveLength(2);
    expect(answers.filter((a) => !a.ok).every((a) => !a.ok && a.refusal === "no-attempts-left")).toBe(true);
    expect(await db().select().from(guessAttempts).where(and(eq(guessAttempts.memberId, m.id), eq(guessAttempts.cardId, "rainbow-colour")))).toHaveLength(2);
  });

  it("a hint costs points off the reward", async () => {
    const m = await member();
    expect(await takeHint(m.id, "fountain-lantern", 0)).toEqual({ ok: true, value: { cost: 5 } });
    expect(await takeHint(m.id, "fountain-lantern", 3)).toEqual({ ok: false, refusal: "no-hint" });
    const view = await cardForMember("fountain-lantern", m.id, "zh");
    expect(view?.hints[0]?.text?.text).toBe("还没看到它，就先听到它的声音。");
    expect(view?.worth).toBe(10);
    expect(await takeAGuess({ memberId: m.id, cardId: "fountain-lantern", guess: "The Fountain." })).toMatchObject({ ok: true, value: { verdict: "right", points: 10 } });
  });

  it("a guess kept offline and sent twice with its key uses one attempt", async () => {
    const m = await member();
    const key = "guess-key-0123456789abcdef";
    const first = await takeAGuess({ memberId: m.id, cardId: "lantern-festival", guess: "winter", key });
    const again = await takeAGuess({ memberId: m.id, cardId: "lantern-festival", guess: "winter", key });
    expect(again).toEqual(first);
    expect(await db().select().from(guessAttempts).where(and(eq(guessAttempts.memberId, m.id), eq(guessAttempts.cardId, "lantern-festival")))).toHaveLength(1);
  });

  it("an unknown card is refused", async () => {
    const m = await member();
    expect(await takeAGuess({ memberId: m.id, cardId: "no-such-card", guess: "x" })).toEqual({ ok: false, refusal: "no-card" });
    expect(await cardForMember("../etc", m.id, "en")).toBeNull();
  });
});
