/**
 * The chat with a beamkin (spec: GET /getCreatureChatHistory/, POST /creaturechatmessage/,
 * and the creature-less chat that posts only a message). History is kept per member and
 * creature (creature 0 for the creature-less chat).
 */
import { and, asc, desc, eq, gt, gte, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { chatMessages, creatureLightEvents, memberCreatures, type Member } from "~/platform/db/schema";
import { hitRateLimit } from "~/platform/rate-limit.server";
import type { Language } from "~/platform/i18n";
import { publish } from "~/platform/happened.server";
import { brainReply } from "./brain/brain.server";
import type { BrainSource } from "./brain/types";
import { done, refused, type Outcome } from "~/platform/outcome";
import { activeCreature, ownedCreature, type OwnedBeamkin } from "./creatures.server";
import type { BeamkinRefusal } from "./errors";
import { startOfUtcDay } from "./light.server";
import {
  CHAT_LIGHT_DAILY_CAP,
  CHAT_LIGHT_PER_MESSAGE,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES_PER_HOUR,
  LIGHT_MAX,
  type ChatMessageView,
} from "./rules";

export const CHAT_HISTORY_LIMIT = 50;
const HOUR_MS = 60 * 60 * 1000;

/** The spec's text for a reply that came back empty. */
export const PLACEHOLDER_REPLY_KEY = "beamkins:chat.placeholderReply";

/** GET /getCreatureChatHistory/: the latest messages of this thread, oldest first. */
export async function chatHistory(memberId: number, creatureId: number, limit = CHAT_HISTORY_LIMIT): Promise<ChatMessageView[]> {
  const rows = await db()
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.memberId, memberId), eq(chatMessages.creatureId, creatureId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map((m) => ({
    ID: m.id,
    Content: m.content,
    Role: m.role === "assistant" ? "assistant" : "user",
    Timestamp: m.createdAt.toISOString(),
  }));
}

/** Trimmed, non-empty, at most 2000 characters — or the refusal saying which. */
export function validChatMessage(raw: unknown): Outcome<string, "empty-message" | "message-too-long"> {
  const message = typeof raw === "string" ? raw.trim() : "";
  if (!message) return refused("empty-message");
  if ([...message].length > CHAT_MESSAGE_MAX) return refused("message-too-long");
  return done(message);
}

/**
 * Chat light: each message adds CHAT_LIGHT_PER_MESSAGE, at most CHAT_LIGHT_DAILY_CAP a
 * UTC day per beamkin, never past 100. The beamkin's row is locked while counting, so
 * racing messages cannot slip past the cap. Returns the beamkin's light afterwards.
 */
async function addChatLight(memberId: number, creatureId: number, now: Date): Promise<number | null> {
  return db().transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: memberCreatures.id, light: memberCreatures.light })
      .from(memberCreatures)
      .where(and(eq(memberCreatures.memberId, memberId), eq(memberCreatures.creatureId, creatureId)))
      .for("update");
    // The caller found it owned a moment ago; gone since (a race): no light to add.
    if (!owned) return null;
    const [today] = await tx
      .select({ gained: sql<number>`coalesce(sum(${creatureLightEvents.delta}), 0)::int` })
      .from(creatureLightEvents)
      .where(
        and(
          eq(creatureLightEvents.memberCreatureId, owned.id),
          eq(creatureLightEvents.reason, "chat"),
          gte(creatureLightEvents.createdAt, startOfUtcDay(now)),
        ),
      );
    const room = Math.min(CHAT_LIGHT_DAILY_CAP - (today?.gained ?? 0), LIGHT_MAX - owned.light);
    const gain = Math.max(0, Math.min(CHAT_LIGHT_PER_MESSAGE, room));
    if (gain === 0) return owned.light;
    const [updated] = await tx
      .update(memberCreatures)
      .set({ light: sql`least(${memberCreatures.light} + ${gain}, ${LIGHT_MAX})` })
      .where(eq(memberCreatures.id, owned.id))
      .returning({ light: memberCreatures.light });
    await tx.insert(creatureLightEvents).values({ memberCreatureId: owned.id, delta: gain, reason: "chat", createdAt: now });
    return updated!.light;
  });
}

/** Whether the member has any beamkin (a creature-less chat is then one without a companion chosen). */
export async function ownsBeamkins(memberId: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: memberCreatures.id })
    .from(memberCreatures)
    .where(eq(memberCreatures.memberId, memberId))
    .limit(1);
  return Boolean(row);
}

/** How long the same message from the same member counts as the one already sent. */
export const CHAT_REPEAT_WINDOW_MS = 10_000;

/**
 * Stores the member's message unless they sent these very words to this beamkin within
 * CHAT_REPEAT_WINDOW_MS. Their sends queue on an advisory lock, so two posts of one message
 * racing each other store it once. Returns null when it was stored, else the id of the
 * message it repeats.
 */
async function storeUnlessRepeat(memberId: number, creatureId: number, message: string, now: Date) {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat\u001f${memberId}`}, 0))`);
    const [same] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.memberId, memberId),
          eq(chatMessages.creatureId, creatureId),
          eq(chatMessages.role, "user"),
          eq(chatMessages.content, message),
          gte(chatMessages.createdAt, new Date(now.getTime() - CHAT_REPEAT_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (same) return same.id;
    await tx.insert(chatMessages).values({ memberId, creatureId, role: "user", content: message, createdAt: now });
    await publish(tx, { what: "chat", memberId, at: now });
    return null;
  });
}

/** The beamkin's reply to the member's message `messageId`, once stored (null while it thinks). */
async function replyTo(memberId: number, creatureId: number, messageId: number): Promise<string | null> {
  const [reply] = await db()
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.memberId, memberId),
        eq(chatMessages.creatureId, creatureId),
        eq(chatMessages.role, "assistant"),
        gt(chatMessages.id, messageId),
      ),
    )
    .orderBy(asc(chatMessages.id))
    .limit(1);
  return reply?.content ?? null;
}

export interface ChatOutcome {
  /** The beamkin's reply (already the placeholder text when the brain said nothing). */
  reply: string;
  /** The beamkin's light after the message; null in the creature-less chat. */
  newLight: number | null;
  creature: OwnedBeamkin | null;
  /** "repeat": the same message was just sent; nothing was stored, lit or answered again. */
  source: BrainSource | "repeat";
}

/**
 * POST /creaturechatmessage/: stores the member's message, adds chat light, asks the
 * brain and stores its reply. `creatureId` undefined means the active beamkin; 0 (or a
 * member without one) is the creature-less chat.
 */
export async function sendChatMessage(input: {
  member: Pick<Member, "id" | "creatureId" | "firstName" | "username">;
  creatureId?: number;
  message: unknown;
  language: Language;
  /** Translates `beamkins:` keys into the member's language. */
  t: (key: string) => string;
  hour?: number;
  now?: Date;
  timeoutMs?: number;
}): Promise<Outcome<ChatOutcome, BeamkinRefusal>> {
  const now = input.now ?? new Date();
  const valid = validChatMessage(input.message);
  if (!valid.ok) return valid;
  const message = valid.value;
  const memberId = input.member.id;

  let creature: OwnedBeamkin | null = null;
  if (input.creatureId === undefined) creature = await activeCreature(input.member);
  else if (input.creatureId !== 0) {
    const owned = await ownedCreature(memberId, input.creatureId);
    if (!owned.ok) return owned;
    creature = owned.value;
  }
  const creatureId = creature?.id ?? 0;

  const quota = await hitRateLimit("chat", String(memberId), { limit: CHAT_MESSAGES_PER_HOUR, windowMs: HOUR_MS }, now);
  if (!quota.allowed) return refused("chatting-too-fast", { retryAfter: quota.retryAfterSeconds });

  const history = await chatHistory(memberId, creatureId, 20);
  const repeats = await storeUnlessRepeat(memberId, creatureId, message, now);
  if (repeats !== null) {
    // The same words a moment ago (a double Enter, a form sent twice on a slow line): that
    // message is already in the thread; it is not said, lit or answered twice. The answer is
    // the reply it already got (or the placeholder while the first send still waits for it).
    const reply = (await replyTo(memberId, creatureId, repeats)) ?? input.t(PLACEHOLDER_REPLY_KEY);
    return done({ reply, newLight: creature?.light ?? null, creature, source: "repeat" });
  }
  const newLight = creature ? ((await addChatLight(memberId, creatureId, now)) ?? creature.light) : null;

  const answer = await brainReply(
    {
      language: input.language,
      creature: creature ? { name: input.t(`beamkins:${creature.name}`), personality: creature.personality, light: newLight! } : null,
      ownsBeamkins: creature ? true : await ownsBeamkins(memberId),
      message,
      history: history.map((m) => ({ role: m.Role, content: m.Content })),
      hour: input.hour ?? now.getHours(),
      memberName: input.member.firstName ?? input.member.username ?? null,
    },
    { memberId, timeoutMs: input.timeoutMs, now },
  );
  const reply = answer.text.trim() || input.t(PLACEHOLDER_REPLY_KEY);
  // The reply is stored a moment after the message so the thread keeps its order.
  await db()
    .insert(chatMessages)
    .values({ memberId, creatureId, role: "assistant", content: reply.slice(0, 4000), createdAt: new Date(now.getTime() + 1) });
  return done({ reply, newLight, creature: creature ? { ...creature, light: newLight! } : null, source: answer.source });
}
