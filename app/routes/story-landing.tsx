import type { Route } from "./+types/story-landing";
import { currentMember } from "~/features/auth/principal.server";
import { displayName } from "~/features/members/member-name.server";
import { speakerOf } from "~/features/quests/play.server";
import { StoryPanel } from "~/features/quests/story";
import { NEW_STORY_PANELS, RETURNING_STORY_PANELS, returningNews, storyEnd, storyVariant } from "~/features/quests/story.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { isLanguage, type Language } from "~/platform/i18n";
import { pageTitle } from "~/ui/page";

export const handle = { i18n: ["quests", "beamkins"] };

/**
 * The story, one panel at a time (?panel=n): the newcomer's, leading to signup and the
 * first quest, or (the spec's second story landing, which has no route of its own) the
 * returning member's welcome back.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await currentMember(context);
  const variant = storyVariant(me);
  const panels = variant === "new" ? NEW_STORY_PANELS : RETURNING_STORY_PANELS;
  const asked = Number(new URL(request.url).searchParams.get("panel") ?? "1");
  const panel = Number.isInteger(asked) ? Math.min(panels, Math.max(1, asked)) : 1;
  const t = getInstance(context).t;
  return {
    title: t("quests:story.title"),
    variant,
    panel,
    panels,
    end: storyEnd(me),
    speaker: me ? speakerOf(me, t) : { slug: "sparkit", name: t("beamkins:names.sparkit"), light: 30 },
    memberName: me ? displayName(me.member, isLanguage(getLocale(context)) ? getLocale(context) as Language : "en") : null,
    news: me && variant === "returning" ? await returningNews(me.member.id) : null,
    memberMuted: me ? me.member.storyMuted : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Story Landing")];

export default function StoryLanding({ loaderData }: Route.ComponentProps) {
  const { title: _title, ...story } = loaderData;
  return <StoryPanel {...story} />;
}
