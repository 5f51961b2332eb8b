/**
 * The beamkins' form posts, read with zod (platform/forms.server.ts) before anything
 * reaches the database. A creature id that is not a whole number in range names no beamkin:
 * it reads as -1, which the commands refuse as "unknown-creature" (404), as /beamkins/active
 * and /beamkins/obtain have always answered. A bad amount of light is "invalid-amount" (400).
 */
import { z } from "zod";
import { CHAT_MESSAGE_MAX, CREATURE_ID_MAX, LIGHT_MAX } from "./rules";

const NO_CREATURE = -1;

/** A whole number typed in a form (or sent as a JSON number), within min–max. */
function wholeNumber(message: string, min: number, max: number) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{1,10}$/, { error: message }))
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));
}

/** A beamkin's id; anything that cannot be one reads as -1 (refused as unknown by the commands). */
const creatureId = (min: number) => wholeNumber("beamkins:refusals.unknown-creature", min, CREATURE_ID_MAX).catch(NO_CREATURE);

/** /beamkins and /beamkins/give-light: {creatureId, light}. */
export const giveLightForm = z.object({
  creatureId: creatureId(1),
  light: wholeNumber("beamkins:refusals.invalid-amount", 1, LIGHT_MAX),
});

/** /beamkins/obtain: {creatureId}. */
export const obtainForm = z.object({ creatureId: creatureId(1) });

/** /beamkins/active: {creatureId}, where 0 means no companion. */
export const chooseActiveForm = z.object({ creatureId: creatureId(0) });

/** /beamkins/backpack: {corralled: "true" | "false"}. */
export const backpackForm = z.object({
  corralled: z
    .union([z.enum(["true", "false"]), z.boolean()], { error: "beamkins:refusals.invalid-backpack" })
    .transform((choice) => choice === true || choice === "true"),
});

/**
 * /beamkins/chat: {message, creatureId?, hour?}. No creatureId (or "") is the active
 * beamkin and 0 the creature-less chat. The hour is the browser's clock, only a hint for
 * the brain: one that is not 0–23 is left out rather than refused.
 */
export const chatForm = z.object({
  message: z
    .string({ error: "beamkins:refusals.empty-message" })
    .trim()
    .min(1, { error: "beamkins:refusals.empty-message" })
    .refine((message) => [...message].length <= CHAT_MESSAGE_MAX, { error: "beamkins:refusals.message-too-long" }),
  creatureId: z.preprocess((value) => (value === "" ? undefined : value), creatureId(0).optional()),
  hour: wholeNumber("beamkins:refusals.invalid-form", 0, 23).optional().catch(undefined),
});
