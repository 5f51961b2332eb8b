import { createInstance } from "i18next";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { seedDemoWorld } from "~/features/demo/seed.server";
import resources from "~/locales";
import { db } from "~/platform/db/db.server";
import { chatMessages, creatures, lightLedger, members } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import type { Language } from "~/platform/i18n";
import { systemPrompt } from "./brain/model.server";
import { detectIntent, scriptedReply } from "./brain/scripted.server";
import { chatHistory, sendChatMessage } from "./chat.server";
import {
  beamkinsOverview,
  chooseActiveCreature,
  getCreature,
  memberCreature,
  memberCreatures,
  obtainCreature,
} from "./creatures.server";
import type { Outcome } from "~/platform/outcome";
import { awardDailyVisit, dailyVisitBalance, giveLight, memberLight, memberLightOverDays } from "./light.server";
import { CHAT_LIGHT_DAILY_CAP, clampLight, DAILY_VISIT_LIGHT, MODEL_MESSAGES_PER_HOUR, STARTING_LIGHT } from "./rules";

const MODEL_URL = "http://model.test/v1";
const server = setupServer();

const translators = new Map<Language, (key: string) => string>();
async function translator(language: Language) {
  if (!translators.has(language)) {
    const i18n = createInstance();
    await i18n.init({ lng: language, resources, defaultNS: "common", interpolation: { escapeValue: false } });
    translators.set(language, (key: string) => i18n.t(key));
  }
  return translators.get(language)!;
}

let phoneCounter = 0;
async function newMember(fields: Partial<typeof members.$inferInsert> = {}) {
  phoneCounter += 1;
  const [member] = await db()
    .insert(members)
    .values({ phone: `+1555900${String(phoneCounter).padStart(4, "0")}`, firstName: "Test", ...fields })
    .returning();
  return member!;
}

async function creatureId(slug: string) {
  const [row] = await db().select().from(creatures).where(eq(creatures.slug, slug));
  return row!.id;
}

/** A member who owns Sparkit as their companion, with some light to give. */
async function memberWithSparkit(balance = 0, fields: Partial<typeof members.$inferInsert> = {}) {
  const member = await newMember({ lightBalance: balance, ...fields });
  const id = await creatureId("sparkit");
  await obtainCreature(member.id, id, "starter");
  const [fresh] = await db().select().from(members).where(eq(members.id, member.id));
  return { member: fresh!, creatureId: id };
}

async function chatOutcome(member: typeof members.$inferSelect, message: string, extra: Partial<Parameters<typeof sendChatMessage>[0]> = {}) {
  const language = extra.language ?? "en";
  return sendChatMessage({ member, message, language, t: await translator(language), hour: 10, ...extra });
}

/** A chat message that must be answered (the test fails on a refusal). */
async function chat(member: typeof members.$inferSelect, message: string, extra: Partial<Parameters<typeof sendChatMessage>[0]> = {}) {
  return valueOf(await chatOutcome(member, message, extra));
}

/** The value of a done outcome; a refusal fails the test, saying which. */
function valueOf<T>(outcome: Outcome<T, string>): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal}`);
  return outcome.value;
}

/** The refusal a command answered, or null when it was done. */
async function refusalOf(promise: Promise<Outcome<unknown, string>>) {
  const outcome = await promise;
  return outcome.ok ? null : outcome.refusal;
}

function useModel() {
  process.env.OPENAI_BASE_URL = MODEL_URL;
  process.env.OPENAI_MODEL = "tiny-test-model";
  process.env.OPENAI_API_KEY = "sk-test";
  resetEnvCache();
}

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
  server.listen({ onUnhandledRequest: "error" });
});

afterEach(() => {
  server.resetHandlers();
  delete process.env.OPENAI_BASE_URL;
  delete process.env.OPENAI_MODEL;
  delete process.env.OPENAI_API_KEY;
  resetEnvCache();
});

afterAll(() => server.close());

describe("light is always 0–100", () => {
  it("clamps anything shown as light", () => {
    expect(clampLight(-5)).toBe(0);
    expect(clampLight(140)).toBe(100);
    expect(clampLight(42.6)).toBe(43);
    expect(clampLight(Number.NaN)).toBe(0);
    expect(clampLight("77")).toBe(77);
  });

  it("refuses to give light past 100, and keeps the member's light when it does", async () => {
    const { member, creatureId: id } = await memberWithSparkit(100);
    await giveLight(member.id, id, 75);
    expect((await memberCreature(member.id, id))?.light).toBe(95);
    const refusal = await giveLight(member.id, id, 6);
    expect(refusal).toMatchObject({ ok: false, refusal: "too-bright", details: { room: 5 } });
    expect(await memberLight(member.id)).toBe(25);
    await giveLight(member.id, id, 5);
    expect((await memberCreature(member.id, id))?.light).toBe(100);
  });

  it("the database itself refuses light outside 0–100 and a negative balance", async () => {
    const { member } = await memberWithSparkit(0);
    await expect(db().execute(sql`update member_creatures set light = 101 where member_id = ${member.id}`)).rejects.toThrow();
    await expect(db().execute(sql`update members set light_balance = -1 where id = ${member.id}`)).rejects.toThrow();
  });
});

describe("giving light", () => {
  it("moves light from the member to their beamkin, with a ledger entry", async () => {
    const { member, creatureId: id } = await memberWithSparkit(10);
    const result = valueOf(await giveLight(member.id, id, 4));
    expect(result).toEqual({ light: STARTING_LIGHT + 4, balance: 6, name: "names.sparkit" });
    const ledger = await db().select().from(lightLedger).where(eq(lightLedger.memberId, member.id));
    expect(ledger.map((e) => [e.delta, e.reason])).toEqual([[-4, "give-light"]]);
    expect(await memberLightOverDays(member.id)).toEqual({ days: 1, earned: 0, spent: 4 });
  });

  it("refuses more than the balance, a beamkin the member does not own, and silly amounts", async () => {
    const { member, creatureId: id } = await memberWithSparkit(3);
    expect(await refusalOf(giveLight(member.id, id, 4))).toBe("not-enough-light");
    expect(await refusalOf(giveLight(member.id, await creatureId("prismane"), 1))).toBe("not-yours");
    expect(await refusalOf(giveLight(member.id, 999_999, 1))).toBe("unknown-creature");
    expect(await refusalOf(giveLight(member.id, id, 0))).toBe("invalid-amount");
    expect(await refusalOf(giveLight(member.id, id, 2.5))).toBe("invalid-amount");
    expect(await memberLight(member.id)).toBe(3);
    expect((await memberCreature(member.id, id))?.light).toBe(STARTING_LIGHT);
  });

  it("two (or five) gives at once never overspend", async () => {
    const { member, creatureId: id } = await memberWithSparkit(10);
    const results = await Promise.all(Array.from({ length: 5 }, () => giveLight(member.id, id, 3)));
    const given = results.filter((r) => r.ok);
    expect(given).toHaveLength(3);
    for (const r of results) if (!r.ok) expect(r.refusal).toBe("not-enough-light");
    expect(await memberLight(member.id)).toBe(1);
    expect((await memberCreature(member.id, id))?.light).toBe(STARTING_LIGHT + 9);
    const [sum] = await db()
      .select({ total: sql<number>`sum(${lightLedger.delta})::int` })
      .from(lightLedger)
      .where(eq(lightLedger.memberId, member.id));
    expect(sum?.total).toBe(-9);
  });

  it("racing gives never push a beamkin past 100", async () => {
    const { member, creatureId: id } = await memberWithSparkit(100);
    await giveLight(member.id, id, 76); // 96
    const results = await Promise.all([giveLight(member.id, id, 3), giveLight(member.id, id, 3)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await memberCreature(member.id, id))?.light).toBe(99);
    expect(await memberLight(member.id)).toBe(100 - 76 - 3);
  });
});

describe("the daily visit", () => {
  it("awards light once per UTC day, even when the first page views race", async () => {
    const member = await newMember();
    const morning = new Date("2030-05-01T08:00:00Z");
    const awarded = await Promise.all([awardDailyVisit(member.id, morning), awardDailyVisit(member.id, morning)]);
    expect(awarded.sort()).toEqual([0, DAILY_VISIT_LIGHT]);
    expect(await awardDailyVisit(member.id, new Date("2030-05-01T23:59:00Z"))).toBe(0);
    expect(await memberLight(member.id)).toBe(DAILY_VISIT_LIGHT);
    expect(await awardDailyVisit(member.id, new Date("2030-05-02T00:01:00Z"))).toBe(DAILY_VISIT_LIGHT);
    expect(await memberLight(member.id)).toBe(2 * DAILY_VISIT_LIGHT);
    const over = await memberLightOverDays(member.id, 1, new Date("2030-05-02T01:00:00Z"));
    expect(over.earned).toBe(2 * DAILY_VISIT_LIGHT);
    const recent = await memberLightOverDays(member.id, 1, new Date("2030-05-02T12:00:00Z"));
    expect(recent.earned).toBe(DAILY_VISIT_LIGHT);
  });
});

describe("the /beamkins page's reads", () => {
  const memberRow = async (id: number) => (await db().select().from(members).where(eq(members.id, id)))[0]!;

  it("the daily visit from the session's member row: counted once a day, the balance includes it", async () => {
    const member = await newMember({ lightBalance: 7 });
    const morning = new Date("2030-06-01T08:00:00Z");
    expect(await dailyVisitBalance(member, morning)).toBe(7 + DAILY_VISIT_LIGHT);
    // The same stale row again (a racing request): counted once, the balance still right.
    expect(await dailyVisitBalance(member, morning)).toBe(7 + DAILY_VISIT_LIGHT);
    const fresh = await memberRow(member.id);
    expect(fresh.lastVisitDay).toBe("2030-06-01");
    expect(await dailyVisitBalance(fresh, new Date("2030-06-01T20:00:00Z"))).toBe(7 + DAILY_VISIT_LIGHT);
    expect(await dailyVisitBalance(fresh, new Date("2030-06-02T00:01:00Z"))).toBe(7 + 2 * DAILY_VISIT_LIGHT);
    expect(await memberLight(member.id)).toBe(7 + 2 * DAILY_VISIT_LIGHT);
  });

  it("one statement shows what memberCreatures and memberLightOverDays show, light given included at once", async () => {
    const { member, creatureId: sparkit } = await memberWithSparkit(40);
    await obtainCreature(member.id, await creatureId("mothlume"), "prize");
    await giveLight(member.id, sparkit, 6);
    const overview = await beamkinsOverview(member.id, 1);
    expect(overview.owned).toEqual(await memberCreatures(member.id));
    expect(overview.owned[0]).toMatchObject({ slug: "sparkit", light: STARTING_LIGHT + 6 });
    expect(overview.recent).toEqual(await memberLightOverDays(member.id, 1));
    expect(overview.recent.spent).toBe(6);

    const nobody = await newMember();
    expect(await beamkinsOverview(nobody.id, 1)).toEqual({ owned: [], recent: { days: 1, earned: 0, spent: 0 } });

    // The same statement, run again for another window: two days on, the light given is
    // out of a one-day count and inside a three-day one.
    const later = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    expect((await beamkinsOverview(member.id, 1, later)).recent).toEqual({ days: 1, earned: 0, spent: 0 });
    expect((await beamkinsOverview(member.id, 3, later)).recent).toEqual(await memberLightOverDays(member.id, 3, later));
    expect((await beamkinsOverview(member.id, 3, later)).recent.spent).toBe(6);
  });
});

describe("beamkins a member has", () => {
  it("a member without one may pick one starter, which becomes their companion", async () => {
    const member = await newMember();
    expect(await refusalOf(obtainCreature(member.id, await creatureId("prismane"), "starter"))).toBe("not-a-starter");
    const sparkit = valueOf(await obtainCreature(member.id, await creatureId("sparkit"), "starter"));
    expect(sparkit).toMatchObject({ slug: "sparkit", name: "names.sparkit", light: STARTING_LIGHT });
    const [after] = await db().select().from(members).where(eq(members.id, member.id));
    expect(after?.creatureId).toBe(sparkit.id);
    expect(await refusalOf(obtainCreature(member.id, await creatureId("mothlume"), "starter"))).toBe("has-beamkin");
    expect(await refusalOf(obtainCreature(member.id, sparkit.id, "prize"))).toBe("already-yours");
    // A prize box may give more; the companion stays the same.
    await obtainCreature(member.id, await creatureId("dozelight"), "prize");
    expect((await memberCreatures(member.id)).map((c) => c.slug)).toEqual(["sparkit", "dozelight"]);
    const [still] = await db().select().from(members).where(eq(members.id, member.id));
    expect(still?.creatureId).toBe(sparkit.id);
  });

  it("two racing starter picks give exactly one beamkin", async () => {
    const member = await newMember();
    const results = await Promise.all([
      obtainCreature(member.id, await creatureId("sparkit"), "starter"),
      obtainCreature(member.id, await creatureId("mothlume"), "starter"),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await memberCreatures(member.id)).toHaveLength(1);
  });

  it("chooses only an owned beamkin as the companion, or none (0)", async () => {
    const { member, creatureId: id } = await memberWithSparkit();
    expect(await refusalOf(chooseActiveCreature(member.id, await creatureId("prismane")))).toBe("not-yours");
    await chooseActiveCreature(member.id, 0);
    const [none] = await db().select().from(members).where(eq(members.id, member.id));
    expect(none?.creatureId).toBe(0);
    await chooseActiveCreature(member.id, id);
    expect((await getCreature(id))?.slug).toBe("sparkit");
  });
});

describe("chatting", () => {
  it("stores the thread, answers and adds a little light — at most the daily cap", async () => {
    const { member, creatureId: id } = await memberWithSparkit();
    const day = new Date("2030-06-01T10:00:00Z");
    const lights: (number | null)[] = [];
    for (let i = 0; i < CHAT_LIGHT_DAILY_CAP + 3; i++) {
      const outcome = await chat(member, `hello number ${i}`, { now: new Date(day.getTime() + i * 1000) });
      expect(outcome.reply.length).toBeGreaterThan(0);
      lights.push(outcome.newLight);
    }
    expect(lights.at(-1)).toBe(STARTING_LIGHT + CHAT_LIGHT_DAILY_CAP);
    expect(lights.slice(0, 3)).toEqual([STARTING_LIGHT + 1, STARTING_LIGHT + 2, STARTING_LIGHT + 3]);
    const history = await chatHistory(member.id, id);
    expect(history).toHaveLength(2 * (CHAT_LIGHT_DAILY_CAP + 3));
    expect(history.map((m) => m.Role).slice(0, 2)).toEqual(["user", "assistant"]);
    expect(history[0]?.Content).toBe("hello number 0");
    // A new day, a little more light.
    const tomorrow = await chat(member, "good morning", { now: new Date("2030-06-02T09:00:00Z") });
    expect(tomorrow.newLight).toBe(STARTING_LIGHT + CHAT_LIGHT_DAILY_CAP + 1);
  });

  it("racing messages cannot slip past the daily cap", async () => {
    const { member } = await memberWithSparkit();
    const now = new Date("2030-07-01T10:00:00Z");
    await Promise.all(Array.from({ length: CHAT_LIGHT_DAILY_CAP + 4 }, (_, i) => chat(member, `hi ${i}`, { now })));
    const [owned] = await memberCreatures(member.id);
    expect(owned?.light).toBe(STARTING_LIGHT + CHAT_LIGHT_DAILY_CAP);
  });

  it("the same message sent twice at once (a double Enter) is said, lit and answered once", async () => {
    const { member, creatureId: id } = await memberWithSparkit();
    const now = new Date("2030-08-01T10:00:00Z");
    const [first, second] = await Promise.all([chat(member, "are you there?", { now }), chat(member, "are you there?", { now })]);
    expect([first.source, second.source].filter((source) => source === "repeat")).toHaveLength(1);
    const history = await chatHistory(member.id, id);
    expect(history.map((m) => m.Role)).toEqual(["user", "assistant"]);
    const [owned] = await memberCreatures(member.id);
    expect(owned?.light).toBe(STARTING_LIGHT + 1);
    // Said again later, it is a new message.
    const later = await chat(member, "are you there?", { now: new Date(now.getTime() + 60_000) });
    expect(later.source).not.toBe("repeat");
    expect(await chatHistory(member.id, id)).toHaveLength(4);
  });

  it("a message sent again after its answer came gets that same answer, not an empty one", async () => {
    const { member } = await memberWithSparkit();
    const now = new Date("2030-08-02T10:00:00Z");
    const first = await chat(member, "tell me a secret", { now });
    const again = await chat(member, "tell me a secret", { now: new Date(now.getTime() + 2_000) });
    expect(again.source).toBe("repeat");
    expect(again.reply).toBe(first.reply);
    expect(again.reply).not.toBe("");
  });

  it("refuses an empty or overlong message, and a beamkin the member does not own", async () => {
    const { member } = await memberWithSparkit();
    expect(await refusalOf(chatOutcome(member, "   \n "))).toBe("empty-message");
    expect(await refusalOf(chatOutcome(member, "x".repeat(2001)))).toBe("message-too-long");
    expect(await refusalOf(chatOutcome(member, "hi", { creatureId: await creatureId("prismane") }))).toBe("not-yours");
    expect(await chat(member, `  ${"y".repeat(2000)}  `)).toBeTruthy();
  });

  it("answers without a creature (the creature-less chat)", async () => {
    const member = await newMember();
    const outcome = await chat(member, "hello?");
    expect(outcome.newLight).toBeNull();
    expect(outcome.reply).toMatch(/Your Beamkins/);
    expect(await chatHistory(member.id, 0)).toHaveLength(2);
  });

  it("tells a member who has beamkins but no companion to choose one, not to get one", async () => {
    const { member } = await memberWithSparkit();
    await chooseActiveCreature(member.id, 0);
    const [fresh] = await db().select().from(members).where(eq(members.id, member.id));
    const en = resources.en!.beamkins as { brain: { voices: Record<string, string[]> } };
    const zh = resources.zh!.beamkins as { brain: { voices: Record<string, string[]> } };
    for (let i = 0; i < 4; i++) {
      const outcome = await chat(fresh!, `hello ${i}`);
      expect(outcome.newLight).toBeNull();
      expect(en.brain.voices.noCompanion!.some((line) => outcome.reply.includes(line)), outcome.reply).toBe(true);
      expect(outcome.reply).not.toMatch(/don't have a beamkin/);
      const chinese = await chat(fresh!, `你好 ${i}`, { language: "zh" });
      expect(zh.brain.voices.noCompanion!.some((line) => chinese.reply.includes(line)), chinese.reply).toBe(true);
    }
    // A member with no beamkin at all is still pointed to getting one.
    const newcomer = await chat(await newMember(), "hello?");
    expect(en.brain.voices.none!.some((line) => newcomer.reply.includes(line))).toBe(true);
  });

  it("answers a zh member in Chinese", async () => {
    const { member } = await memberWithSparkit(0, { firstName: "小明" });
    const outcome = await chat(member, "你好！", { language: "zh" });
    expect(outcome.reply).toMatch(/[\u4e00-\u9fff]/);
    expect(outcome.reply).not.toMatch(/[A-Za-z]{4,}/);
  });
});

describe("the scripted brain", () => {
  const base = {
    language: "en" as const,
    creature: { name: "Sparkit", personality: "cheerful" as const, light: 12 },
    history: [],
    hour: 9,
    memberName: "Ada",
  };

  it("understands what the member says, in English and Chinese", () => {
    expect(detectIntent("Hello there")).toBe("greeting");
    expect(detectIntent("thank you so much")).toBe("thanks");
    expect(detectIntent("how bright is your light?")).toBe("light");
    expect(detectIntent("any quests today?")).toBe("quest");
    expect(detectIntent("I want to salute a friend")).toBe("salute");
    expect(detectIntent("I feel sad")).toBe("sad");
    expect(detectIntent("who are you")).toBe("about");
    expect(detectIntent("你好")).toBe("greeting");
    expect(detectIntent("谢谢你")).toBe("thanks");
    expect(detectIntent("我今天很难过")).toBe("sad");
    expect(detectIntent("有什么任务")).toBe("quest");
    expect(detectIntent("banana")).toBe("other");
  });

  it("knows its light, the time of day and the member's name", () => {
    const light = scriptedReply({ ...base, message: "how is your light?" }, () => 0);
    expect(light).toContain("12");
    expect(light).toMatch(/dim|faint/);
    const morning = scriptedReply({ ...base, message: "hi!" }, () => 0);
    expect(morning).toContain("Good morning, Ada!");
    const night = scriptedReply({ ...base, hour: 23, message: "hi!" }, () => 0);
    expect(night).toContain("late");
  });

  it("varies its answers and never repeats the last one word for word", () => {
    const replies = new Set(Array.from({ length: 30 }, () => scriptedReply({ ...base, message: "tell me something" })));
    expect(replies.size).toBeGreaterThan(3);
    const first = scriptedReply({ ...base, message: "hmm" }, () => 0);
    let seed = 0;
    const second = scriptedReply(
      { ...base, message: "hmm", history: [{ role: "assistant", content: first }] },
      () => [0, 0, 0, 0, 0.6, 0.9][seed++ % 6]!,
    );
    expect(second).not.toBe(first);
  });
});

describe("the model brain", () => {
  it("is told whether a member without a companion has beamkins to choose from", () => {
    const request = { language: "en" as const, creature: null, message: "hi", history: [], hour: 9, memberName: null };
    expect(systemPrompt({ ...request, ownsBeamkins: true })).toMatch(/has chosen none as their companion/);
    expect(systemPrompt({ ...request, ownsBeamkins: false })).toMatch(/has no beamkin \(companion creature\) yet/);
  });

  it("sends the personality, light and only this member's thread, and shows the answer", async () => {
    useModel();
    const { member } = await memberWithSparkit();
    const other = await memberWithSparkit();
    let seen: { model: string; max_tokens: number; messages: { role: string; content: string }[] } | undefined;
    let auth: string | null = null;
    server.use(
      http.post(`${MODEL_URL}/chat/completions`, async ({ request }) => {
        seen = (await request.json()) as typeof seen;
        auth = request.headers.get("authorization");
        return HttpResponse.json({ choices: [{ message: { role: "assistant", content: "  I sparkle for you!  " } }] });
      }),
    );
    await chat(other.member, "a secret from someone else");
    const outcome = await chat(member, "hi model");
    expect(outcome).toMatchObject({ reply: "I sparkle for you!", source: "model", newLight: STARTING_LIGHT + 1 });
    expect(auth).toBe("Bearer sk-test");
    expect(seen?.model).toBe("tiny-test-model");
    expect(seen?.max_tokens).toBeGreaterThan(0);
    expect(seen?.messages[0]?.role).toBe("system");
    expect(seen?.messages[0]?.content).toMatch(/Sparkit.*cheerful.*21 out of 100/s);
    expect(JSON.stringify(seen?.messages)).not.toContain("a secret from someone else");
    expect(seen?.messages.at(-1)).toEqual({ role: "user", content: "hi model" });
  });

  it("falls back to the scripted brain when the model times out", async () => {
    useModel();
    server.use(
      http.post(`${MODEL_URL}/chat/completions`, async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const { member } = await memberWithSparkit();
    const started = Date.now();
    const outcome = await chat(member, "hello?", { timeoutMs: 150 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outcome.source).toBe("scripted");
    expect(outcome.reply.length).toBeGreaterThan(0);
    const history = await chatHistory(member.id, outcome.creature!.id);
    expect(history.at(-1)).toMatchObject({ Role: "assistant", Content: outcome.reply });
  });

  it("falls back when the model answers with an error", async () => {
    useModel();
    server.use(http.post(`${MODEL_URL}/chat/completions`, () => new HttpResponse("overloaded", { status: 503 })));
    const { member } = await memberWithSparkit();
    expect((await chat(member, "hello?")).source).toBe("scripted");
  });

  it("shows the spec's placeholder when the model's reply has no text", async () => {
    useModel();
    server.use(http.post(`${MODEL_URL}/chat/completions`, () => HttpResponse.json({ choices: [{ message: { content: "" } }] })));
    const { member } = await memberWithSparkit();
    expect((await chat(member, "hello?")).reply).toBe("Thanks for your message! I'm a placeholder response.");
  });

  it("caps long output and asks the model at most 30 times an hour per member", async () => {
    useModel();
    let calls = 0;
    server.use(
      http.post(`${MODEL_URL}/chat/completions`, () => {
        calls += 1;
        return HttpResponse.json({ choices: [{ message: { content: "glow ".repeat(1000) } }] });
      }),
    );
    const { member } = await memberWithSparkit();
    const first = await chat(member, "talk a lot");
    expect(first.reply.length).toBeLessThanOrEqual(800);
    for (let i = 1; i < MODEL_MESSAGES_PER_HOUR + 2; i++) await chat(member, `again ${i}`);
    expect(calls).toBe(MODEL_MESSAGES_PER_HOUR);
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.memberId, member.id));
    expect(count?.n).toBe(2 * (MODEL_MESSAGES_PER_HOUR + 2));
  });
});
