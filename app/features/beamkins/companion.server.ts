/**
 * What the floating companion, the backpack and the dialogue box need on every page,
 * computed once in the root loader. Texts the SSR dock shows are translated here, so
 * the browser does not have to load the beamkins namespace before the island arrives.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getCurrentMember, type CurrentMember } from "~/features/auth/sessions.server";
import { db } from "~/platform/db/db.server";
import { questProgress, quests, questSteps } from "~/platform/db/schema";
import { getInstance } from "~/platform/i18n.server";
import type { CompanionData } from "./companion";
import { activeCreature } from "./creatures.server";

export type { CompanionData } from "./companion";

/** The beamkin who greets newcomers before they have one of their own. */
const WELCOME_SLUG = "sparkit";

/**
 * The root loader's `companion` field. Null when there is nothing to show (an anonymous
 * visitor on a page without companion dialogue). Pass `current` when the caller already
 * looked the member up.
 */
export async function loadCompanion(
  request: Request,
  context: Readonly<RouterContextProvider>,
  current?: CurrentMember | null,
): Promise<CompanionData | null> {
  const t = getInstance(context).t;
  const me = current === undefined ? await getCurrentMember(request, context) : current;
  const pathname = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
  const owned = me ? await activeCreature(me.member) : null;
  const creature = owned
    ? { id: owned.id, slug: owned.slug, name: t(`beamkins:${owned.name}`), light: owned.light }
    : null;
  const speaker = creature
    ? { slug: creature.slug, name: creature.name }
    : { slug: WELCOME_SLUG, name: t(`beamkins:names.${WELCOME_SLUG}`) };
  const dialogue = await dialogueFor(pathname, me?.member.id ?? null, speaker, t);
  if (!me && !dialogue) return null;
  return {
    signedIn: Boolean(me),
    creature,
    corralled: me?.member.companionCorralled ?? false,
    dialogue,
    labels: {
      region: t("beamkins:companion.region"),
      chat: t("beamkins:companion.chat"),
      backpack: t("beamkins:companion.backpack"),
      dialogueToggle: t("beamkins:dialogue.toggle"),
      dialogueTitle: t("beamkins:dialogue.title", { name: speaker.name }),
    },
  };
}

type T = ReturnType<typeof getInstance>["t"];

/**
 * Quest dialogue for a page: the 'Complete Signup' welcome at /signup (the spec), and the
 * lines of any unfinished "visit this page" quest step whose keys the quests namespace
 * translates.
 */
async function dialogueFor(
  pathname: string,
  memberId: number | null,
  speaker: { slug: string; name: string },
  t: T,
): Promise<CompanionData["dialogue"]> {
  if (pathname === "/signup") {
    return {
      title: t("beamkins:dialogue.completeSignup.title"),
      lines: [t("beamkins:dialogue.completeSignup.welcome", { name: speaker.name })],
      speaker,
    };
  }
  if (!memberId) return null;
  const steps = await db()
    .select({ title: quests.title, dialogue: questSteps.dialogue })
    .from(questSteps)
    .innerJoin(quests, eq(quests.id, questSteps.questId))
    .leftJoin(questProgress, and(eq(questProgress.stepId, questSteps.id), eq(questProgress.memberId, memberId)))
    .where(and(eq(questSteps.objective, "visit"), eq(questSteps.target, pathname), isNull(questProgress.stepId)))
    .limit(1);
  const step = steps[0];
  if (!step) return null;
  const translate = (key: string) => {
    const full = `quests:${key}`;
    const text = t(full, { name: speaker.name, defaultValue: "" });
    return text && text !== full ? text : null;
  };
  const lines = step.dialogue.map(translate).filter((line): line is string => Boolean(line));
  if (lines.length === 0) return null;
  return { title: translate(step.title) ?? "", lines, speaker };
}
