/**
 * What /playquest's loader and action need beyond the commands: the speaker (the member's
 * own beamkin, or the welcome beamkin when they have none yet), and the intents a member
 * may post. There is no intent that marks a step done: progress comes from the actions
 * themselves (progress.server.ts), so a forged "step done" post is refused as invalid.
 */
import { z } from "zod";
import type { CurrentMember } from "~/features/auth/index.server";

export const WELCOME_SPEAKER = "sparkit";

export function speakerOf(member: CurrentMember, t: (key: string) => string) {
  const own = member.activeBeamkin;
  return own
    ? { slug: own.slug, name: t(`beamkins:${own.name}`), light: own.light }
    : { slug: WELCOME_SPEAKER, name: t(`beamkins:names.${WELCOME_SPEAKER}`), light: 60 };
}

const id = z.coerce.number({ error: "errors:validation.invalid" }).int().min(1).max(2_147_483_647);

export const PlayIntent = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open-box"), boxId: id }),
    z.object({ intent: z.literal("skip"), runId: id }),
    z.object({ intent: z.literal("replay"), questId: id }),
    z.object({ intent: z.literal("scan"), code: z.string().trim().min(1, { error: "quests:errors.codeRequired" }).max(64, { error: "quests:errors.codeUnknown" }) }),
  ],
  { error: "errors:validation.invalid" },
);
