import { useTranslation } from "~/platform/translations";
import type { Route } from "./+types/lightball-demo";
import { LightBall } from "~/features/beamkins/light-meter";
import { LightLevelForm, demoLevels, triedLevel } from "~/features/beamkins/light-demo";
import { getInstance } from "~/platform/i18n.server";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["beamkins"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("beamkins:demos.lightball.title"), tried: triedLevel(request) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "LightBall Demo")];

export default function LightBallDemo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("beamkins");
  return (
    <div className="space-y-6">
      <PageHeading>{t("demos.lightball.title")}</PageHeading>
      <p>{t("demos.lightball.intro")}</p>
      <ul className="flex flex-wrap items-end gap-4 rounded-xl bg-slate-900 p-4 text-white" aria-label={t("demos.lightball.title")}>
        {demoLevels.map((light) => (
          <li key={light} className="flex flex-col items-center gap-1">
            <LightBall light={light} title={t("demos.level", { light })} />
            <span className="text-sm">{t("demos.level", { light })}</span>
          </li>
        ))}
      </ul>
      <LightLevelForm tried={loaderData.tried}>
        {(light) => <LightBall light={light} size={140} title={t("demos.level", { light })} />}
      </LightLevelForm>
    </div>
  );
}
