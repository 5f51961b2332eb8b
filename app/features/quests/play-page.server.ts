/**
 * What /playquest shows a member: their quest map (runs, finished quests, waiting prize
 * boxes), the box just opened (?opened=), their badges, the welcome when they have not
 * signed up yet, and a step's code opened from its printed QR (?scan=, never spent here).
 */
import type { CurrentMember } from "~/features/auth/index.server";
import { hasSignedUp } from "~/features/members/index.server";
import type { Language } from "~/platform/i18n";
import { formatDay } from "~/ui/dates";
import { builtInQuests, SIGNUP_QUEST } from "./built-in.server";
import { speakerOf } from "./play.server";
import { memberCosmeticList, openedBox } from "./prize-box.server";
import { questMap } from "./runs.server";
import { spoken } from "./text";

export async function playScreen(request: Request, me: CurrentMember, t: (key: string) => string, lang: Language) {
  const speaker = speakerOf(me, t);
  const url = new URL(request.url);
  const openedId = Number(url.searchParams.get("opened"));
  const [map, opened, cosmetics] = await Promise.all([
    questMap(me.member.id, lang, speaker.name),
    Number.isSafeInteger(openedId) && openedId > 0 ? openedBox(me.member.id, openedId, lang) : null,
    memberCosmeticList(me.member.id),
  ]);
  const signedUp = hasSignedUp(me.member, me.accessLevel);
  const welcome = builtInQuests.find((q) => q.slug === SIGNUP_QUEST)!.steps[0]!.dialogue.map((line) => spoken(line, lang, speaker.name));
  const scan = url.searchParams.get("scan");
  return {
    speaker,
    map: { ...map, finished: map.finished.map((f) => ({ ...f, on: formatDay(f.completedAt, lang) })) },
    opened,
    celebrate: url.searchParams.has("celebrate"),
    cosmetics,
    signup: signedUp ? null : { lines: welcome },
    scan: scan && scan.length <= 64 ? scan : null,
  };
}

export type PlayScreen = Awaited<ReturnType<typeof playScreen>>;
