/**
 * The beamkins' numbers, shared by the server and the browser (no server imports here).
 * PRODUCT.md: light is a beamkin's glow, 0–100; chat adds a little, capped per day.
 */
export const LIGHT_MIN = 0;
export const LIGHT_MAX = 100;

/** Light is always shown and stored within 0–100; anything else (NaN, 140, -3) is pulled in. */
export function clampLight(value: unknown): number {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return LIGHT_MIN;
  return Math.min(LIGHT_MAX, Math.max(LIGHT_MIN, Math.round(n)));
}

/** The largest creature id there can be (the database's integer column). */
export const CREATURE_ID_MAX = 2_147_483_647;

/** A number that can name a creature; anything else (NaN, 0, 2.5, 99999999999) names none. */
export function isCreatureId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= CREATURE_ID_MAX;
}

/** A newly obtained beamkin's light (the schema's default too). */
export const STARTING_LIGHT = 20;
/** Member light for the first page view of a (UTC) day. */
export const DAILY_VISIT_LIGHT = 5;
/** Light a beamkin gains from one chat message, and at most per day from chat. */
export const CHAT_LIGHT_PER_MESSAGE = 1;
export const CHAT_LIGHT_DAILY_CAP = 5;

/** The spec's chat rules: non-empty after trimming, at most 2000 characters. */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages a member may send in an hour to any brain, and to a model brain. */
export const CHAT_MESSAGES_PER_HOUR = 120;
export const MODEL_MESSAGES_PER_HOUR = 30;
/** The spec's chat textarea height. */
export const CHAT_TEXTAREA_MIN_PX = 40;
export const CHAT_TEXTAREA_MAX_PX = 120;

/** The spec's floating companion defaults. */
export const COMPANION_SIZE = 120;
export const COMPANION_SPEED = 1.2;

export type LightMood = "dim" | "warm" | "radiant";

export function lightMood(light: number): LightMood {
  const l = clampLight(light);
  if (l < 30) return "dim";
  if (l < 70) return "warm";
  return "radiant";
}

/** Chat message shape of the spec (ID, Content, Role, Timestamp). */
export interface ChatMessageView {
  ID: number;
  Content: string;
  Role: "user" | "assistant";
  Timestamp: string;
}
