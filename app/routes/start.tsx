import { redirect, href } from "react-router";
import type { Route } from "./+types/start";
import { currentMember } from "~/features/auth/principal.server";
import { speakerOf } from "~/features/quests/play.server";
import { StoryCover } from "~/features/quests/story";
import { storyVariant } from "~/features/quests/story.server";
import { getInstance } from "~/platform/i18n.server";
import { pageTitle } from "~/ui/page";

export const handle = { i18n: ["quests"] };

/** /start: the story's cover for a new member; a returning member gets their own story. */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await currentMember(context);
  if (storyVariant(me) === "returning") throw redirect(href("/story-landing"));
  const t = getInstance(context).t;
  return {
    title: t("quests:story.cover.pageTitle"),
    speaker: me ? speakerOf(me, t) : { slug: "sparkit", name: t("beamkins:names.sparkit"), light: 30 },
    memberMuted: me ? me.member.storyMuted : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Start")];

export default function Start({ loaderData }: Route.ComponentProps) {
  return <StoryCover speaker={loaderData.speaker} memberMuted={loaderData.memberMuted} />;
}
