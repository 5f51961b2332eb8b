/**
 * What the floating companion, the backpack and the dialogue box need on every page,
 * computed once in the root loader. Texts the SSR dock shows are translated here, so
 * the browser does not have to load the beamkins namespace before the island arrives.
 */
import type { RouterContextProvider } from "react-router";
import { type CurrentMember, currentMember } from "~/features/auth/index.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import type { Language } from "~/platform/i18n";
import type { CompanionData } from "./companion";
import { clampLight } from "./rules";

export type { CompanionData } from "./companion";

/** Who speaks a page's lines: the member's beamkin, or the one who greets newcomers. */
type Speaker = { slug: string; name: string };

/**
 * The lines a quest has for the member on a page (features/quests' `questDialogueAt`).
 * Passed in by the root loader, which composes the features: quests imports beamkins (its
 * art, its light), so beamkins does not import quests back (decision 1202).
 */
export type PageDialogue = (pathname: string, memberId: number, speaker: Speaker, lang: Language) => Promise<CompanionData["dialogue"]>;

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
  pageDialogue: PageDialogue,
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
  const dialogue = await dialogueFor(pathname, me?.member.id ?? null, speaker, t, getLocale(context), pageDialogue);
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
 * lines of the member's open quest step whose place is this page (features/quests).
 */
async function dialogueFor(
  pathname: string,
  memberId: number | null,
  speaker: Speaker,
  t: T,
  lang: Language,
  pageDialogue: PageDialogue,
): Promise<CompanionData["dialogue"]> {
  if (pathname === "/signup") {
    return {
      title: t("beamkins:dialogue.completeSignup.title"),
      lines: [t("beamkins:dialogue.completeSignup.welcome", { name: speaker.name })],
      speaker,
    };
  }
  if (!memberId) return null;
  // Any other page: the line of the member's open quest step that lives here, if one does.
  return pageDialogue(pathname, memberId, speaker, lang);
}
