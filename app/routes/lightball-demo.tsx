import { useTranslation } from "~/platform/translations";
import type { Route } from "./+types/lightball-demo";
import { LightBall } from "~/features/beamkins/light-meter";
import { LightLevelForm, demoLevels, triedLevel } from "~/features/beamkins/light-demo";
import { getInstance } from "~/platform/i18n.server";

export const handle = { i18n: ["beamkins"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("beamkins:demos.lightball.title"), tried: triedLevel(request) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "LightBall Demo"} · Glow` }];

export default function LightBallDemo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("beamkins");
  return (
    <div className="space-y-6">
      <h1 className="font-righteous text-3xl text-glow-700 dark:text-glow-300">{t("demos.lightball.title")}</h1>
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
