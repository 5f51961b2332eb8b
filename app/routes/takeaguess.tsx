import { useTranslation } from "~/platform/translations";
import type { Route } from "./+types/takeaguess";
import { requireMember } from "~/features/auth/principal.server";
import { getInstance } from "~/platform/i18n.server";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["auth"] };

/**
 * Take a Guess. Members only: an anonymous visitor signs in and is brought back (the
 * stored return path). The guess card itself comes with the quests issue.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  await requireMember(context);
  return { title: getInstance(context).t("auth:guess.title"), cardId: params.cardID };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Take a Guess")];

export default function TakeAGuess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <section aria-labelledby="guess-heading" className="space-y-4">
      <PageHeading id="guess-heading">
        {t("guess.heading")}
      </PageHeading>
      <p>{t("guess.arrived", { card: loaderData.cardId })}</p>
      <p className="text-slate-700 dark:text-slate-300">{t("guess.later")}</p>
    </section>
  );
}
