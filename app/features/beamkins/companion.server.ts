/**
 * What the floating companion, the backpack and the dialogue box need on every page,
 * computed once in the root loader. Texts the SSR dock shows are translated here, so
 * the browser does not have to load the beamkins namespace before the island arrives.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { type CurrentMember } from "~/features/auth/sessions.server";
import { currentMember } from "~/features/auth/principal.server";
import { db } from "~/platform/db/db.server";
import { questProgress, quests, questSteps } from "~/platform/db/schema";
import { getInstance } from "~/platform/i18n.server";
import type { CompanionData } from "./companion";
import { clampLight } from "./rules";

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
  const me = current === undefined ? await currentMember(context) : current;
  const pathname = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
  // The session lookup brought the active beamkin along (no statement of its own).
  const owned = me?.activeBeamkin ?? null;
  const creature = owned
    ? { id: owned.id, slug: owned.slug, name: t(`beamkins:${owned.name}`), light: clampLight(owned.light) }
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
  // Most pages are no quest step's target: then there is nothing to ask the database.
  const candidates = (await visitSteps()).get(pathname);
  if (!candidates) return null;
  const done = await db()
    .select({ stepId: questProgress.stepId })
    .from(questProgress)
    .where(and(eq(questProgress.memberId, memberId), inArray(questProgress.stepId, candidates.map((c) => c.id))));
  const finished = new Set(done.map((d) => d.stepId));
  const steps = candidates.filter((c) => !finished.has(c.id));
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

// ── "Visit this page" quest steps, kept in memory ──

interface VisitStep {
  id: number;
  title: string;
  dialogue: string[];
}

/** Quest content changes rarely (authored, seeded): re-read it at most this often. */
const VISIT_STEPS_TTL_MS = 60_000;
let visitStepsCache: { database: unknown; at: number; byTarget: Promise<Map<string, VisitStep[]>> } | null = null;

/** Every "visit" quest step by the path it targets, in quest then step order. */
function visitSteps(now = Date.now()): Promise<Map<string, VisitStep[]>> {
  const database = db();
  if (!visitStepsCache || visitStepsCache.database !== database || now - visitStepsCache.at > VISIT_STEPS_TTL_MS) {
    const byTarget = database
      .select({ id: questSteps.id, target: questSteps.target, title: quests.title, dialogue: questSteps.dialogue })
      .from(questSteps)
      .innerJoin(quests, eq(quests.id, questSteps.questId))
      .where(eq(questSteps.objective, "visit"))
      .orderBy(asc(quests.position), asc(questSteps.position), asc(questSteps.id))
      .then((rows) => {
        const map = new Map<string, VisitStep[]>();
        for (const { target, ...step } of rows) {
          if (!target) continue;
          const path = target.replace(/\/+$/, "") || "/";
          map.set(path, [...(map.get(path) ?? []), step]);
        }
        return map;
      });
    visitStepsCache = { database, at: now, byTarget };
    // A failed read is not kept: the next page asks again.
    byTarget.catch(() => {
      if (visitStepsCache?.byTarget === byTarget) visitStepsCache = null;
    });
  }
  return visitStepsCache.byTarget;
}

/** Call after writing quest steps, so the companion's dialogue follows at once in this process. */
export function forgetVisitSteps() {
  visitStepsCache = null;
}
