import { useTranslation } from "~/platform/translations";
import { Link, href } from "react-router";
import type { Route } from "./+types/landing";
import { getInstance } from "~/platform/i18n.server";
import type { PageCacheHandle } from "~/platform/visitor-pages";
import { PageHeading, pageTitle } from "~/ui/page";
import type { IndexableHandle } from "~/ui/robots-meta";
import { primaryButton } from "~/ui/buttons";

/** A visitor's page is the same for every visitor: the server may share it for a moment (decision 0520). */
export const handle = { pageCache: { visitors: true }, indexable: true } satisfies PageCacheHandle & IndexableHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("landing.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Landing"),
];

export default function Landing() {
  const { t } = useTranslation();
  const points = ["quests", "salutes", "parties", "beamkins"] as const;
  return (
    <article className="space-y-4">
      <PageHeading>{t("landing.heading")}</PageHeading>
      <p className="text-lg">{t("landing.intro")}</p>
      <ul className="list-disc space-y-1 ps-6">
        {points.map((point) => (
          <li key={point}>{t(`landing.${point}`)}</li>
        ))}
      </ul>
      <Link to={href("/register")} className={`${primaryButton} inline-block`}>
        {t("landing.cta")}
      </Link>
    </article>
  );
}
