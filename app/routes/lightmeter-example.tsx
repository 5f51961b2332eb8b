import { useTranslation } from "~/platform/translations";
import type { Route } from "./+types/lightmeter-example";
import { BeamkinArt } from "~/features/beamkins/beamkin-art";
import { LightMeter } from "~/features/beamkins/light-meter";
import { LightLevelForm, demoLevels, triedLevel } from "~/features/beamkins/light-demo";
import { getInstance } from "~/platform/i18n.server";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["beamkins"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("beamkins:demos.lightmeter.title"), tried: triedLevel(request) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "LightMeter Example")];

const slugs = ["sparkit", "mothlume", "glimmerfox", "emberpup", "dozelight"];

export default function LightMeterExample({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("beamkins");
  return (
    <div className="space-y-6">
      <PageHeading>{t("demos.lightmeter.title")}</PageHeading>
      <p>{t("demos.lightmeter.intro")}</p>
      <ul className="space-y-4">
        {demoLevels.map((light, i) => (
          <li key={light} className="flex items-center gap-4">
            <BeamkinArt slug={slugs[i % slugs.length]!} light={light} size={64} />
            <LightMeter light={light} label={t("demos.level", { light })} className="flex-1" />
          </li>
        ))}
      </ul>
      <LightLevelForm tried={loaderData.tried}>
        {(light) => <LightMeter light={light} label={t("demos.level", { light })} />}
      </LightLevelForm>
    </div>
  );
}
