/**
 * What /playquest's loader and action need beyond the commands: the speaker (the member's
 * own beamkin, or the welcome beamkin when they have none yet). The intents a member may
 * post are PlayIntent (schemas.ts); none marks a step done: progress comes from the actions
 * themselves (progress.server.ts), so a forged "step done" post is refused as invalid.
 */
import type { CurrentMember } from "~/features/auth/index.server";

export const WELCOME_SPEAKER = "sparkit";

export function speakerOf(member: CurrentMember, t: (key: string) => string) {
  const own = member.activeBeamkin;
  return own
    ? { slug: own.slug, name: t(`beamkins:${own.name}`), light: own.light }
    : { slug: WELCOME_SPEAKER, name: t(`beamkins:names.${WELCOME_SPEAKER}`), light: 60 };
}

