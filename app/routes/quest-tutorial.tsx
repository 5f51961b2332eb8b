import { useTranslation } from "~/platform/translations";
import { Link, href } from "react-router";
import type { Route } from "./+types/quest-tutorial";
import { currentMember } from "~/features/auth/principal.server";
import { PRIZE_TABLE } from "~/features/quests/prize-box";
import { PrizeOdds } from "~/features/quests/prize-ui";
import { getInstance } from "~/platform/i18n.server";
import { PageHeading, pageTitle } from "~/ui/page";
import { primaryButton } from "~/ui/buttons";

export const handle = { i18n: ["quests"] };

/**
 * How quests are played. Open to everyone; for a member on the tutorial, opening this page
 * is its first step (the root loader counts the visit).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await currentMember(context);
  return { title: getInstance(context).t("quests:guide.title"), signedIn: Boolean(me) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Quest Tutorial")];

const sections = ["steps", "progress", "rewards", "prizes", "parties", "hunts"] as const;

export default function QuestTutorial({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("quests");
  return (
    <article aria-labelledby="guide-heading" className="space-y-6">
      <header className="space-y-2">
        <PageHeading id="guide-heading">
          {t("guide.heading")}
        </PageHeading>
        <p>{t("guide.intro")}</p>
      </header>
      {sections.map((section) => (
        <section key={section} aria-labelledby={`guide-${section}`} className="space-y-1">
          <h2 id={`guide-${section}`} className="text-xl font-semibold">
            {t(`guide.${section}.heading`)}
          </h2>
          <p>{t(`guide.${section}.text`)}</p>
        </section>
      ))}
      <PrizeOdds table={PRIZE_TABLE} />
      <p className="flex flex-wrap gap-4">
        {loaderData.signedIn ? (
          <Link to={href("/playquest")} className={primaryButton}>
            {t("guide.toMap")}
          </Link>
        ) : (
          <Link to={href("/start")} className={primaryButton}>
            {t("guide.toStory")}
          </Link>
        )}
        <Link to={href("/choose-quest")} className="underline">
          {t("play.choose")}
        </Link>
      </p>
    </article>
  );
}
