import { useTranslation } from "~/platform/translations";
import { Form } from "react-router";
import type { Route } from "./+types/prize-box-demo";
import { isCosmetic } from "~/features/quests/cosmetics";
import { DEMO_PRIZE_TABLE } from "~/features/quests/prize-box";
import { demoRoll } from "~/features/quests/prize-box.server";
import { PrizeOdds, PrizeReveal, type RevealedPrize } from "~/features/quests/prize-ui";
import { useCelebrationOver } from "~/features/quests/ui";
import { lazyIsland } from "~/ui/client-only";
import { listCatalogue } from "~/features/beamkins/creatures.server";
import { getInstance } from "~/platform/i18n.server";
import { done } from "~/platform/outcome";
import { respond } from "~/platform/respond.server";
import { usePosting, waitingButton } from "~/ui/pending";
import { PageHeader, pageTitle } from "~/ui/page";
import { primaryButton } from "~/ui/buttons";

export const handle = { i18n: ["quests", "beamkins"] };

const Confetti = lazyIsland(() => import("~/ui/confetti"));

/** What a demo roll drew, as its redirect carries it ("gems-5", "beamkin-quipwisp", "cosmetic-moon-charm"). */
async function drawnFrom(value: string | null): Promise<RevealedPrize | null> {
  const match = value ? /^(gems|light|beamkin|cosmetic)-([a-z0-9-]{1,40})$/.exec(value) : null;
  if (!match) return null;
  const [, kind, what] = match as unknown as [string, RevealedPrize["kind"], string];
  const base = { kind, amount: null, creature: null, cosmetic: null, pity: false, duplicateOf: null };
  if (kind === "gems" || kind === "light") return /^\d{1,3}$/.test(what) ? { ...base, amount: Number(what) } : null;
  if (kind === "cosmetic") return isCosmetic(what) ? { ...base, cosmetic: what } : null;
  const creature = (await listCatalogue()).find((c) => c.slug === what);
  return creature ? { ...base, creature: { slug: creature.slug, name: creature.name } } : null;
}

/** /prize-box-demo: the prize box with demo odds. Open to everyone; it gives nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    title: getInstance(context).t("quests:demo.title"),
    drawn: await drawnFrom(url.searchParams.get("drawn")),
    celebrate: url.searchParams.has("celebrate"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Prize Box Demo")];

/** A demo roll, made on the server as a real box's would be; nothing is given or kept. */
export async function action({ request, context }: Route.ActionArgs) {
  const roll = await demoRoll();
  const what = roll.kind === "beamkin" ? roll.creature?.slug : roll.kind === "cosmetic" ? roll.cosmetic : String(roll.amount);
  return respond({ request, context }, done(roll), {
    done: () => ({ redirectTo: `/prize-box-demo?drawn=${roll.kind}-${what}&celebrate=1#prize`, result: roll }),
    refusals: {},
  });
}

export default function PrizeBoxDemo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("quests");
  const opening = usePosting("/prize-box-demo");
  const calm = useCelebrationOver();
  return (
    <div className="space-y-6">
      <PageHeader title={t("demo.heading")} lead={t("demo.intro")} />
      <section aria-labelledby="demo-box-heading" className="space-y-3 rounded-2xl border-2 border-glow-500 bg-glow-50 p-5 dark:bg-slate-900">
        <h2 id="demo-box-heading" className="text-xl font-semibold">
          {t("demo.box")}
        </h2>
        {loaderData.drawn ? (
          <div id="prize">
            {loaderData.celebrate ? <Confetti onDone={calm} /> : null}
            <PrizeReveal prize={loaderData.drawn} />
          </div>
        ) : null}
        <Form method="post" preventScrollReset>
          <button type="submit" {...waitingButton(opening)} className={`${primaryButton} px-5 py-2.5`}>
            {loaderData.drawn ? t("demo.again") : t("demo.open")}
          </button>
        </Form>
        <PrizeOdds table={DEMO_PRIZE_TABLE} demo />
      </section>
    </div>
  );
}
