import { useTranslation } from "~/platform/translations";
import { Form, Link, href } from "react-router";
import type { Route } from "./+types/beamkins";
import { requireMember } from "~/features/auth/principal.server";
import { BeamkinArt } from "~/features/beamkins/beamkin-art";
import { beamkinsOverview, listCatalogue } from "~/features/beamkins/creatures.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { giveLightForm } from "~/features/beamkins/forms";
import { dailyVisitBalance, giveLight } from "~/features/beamkins/light.server";
import { OwnedCard, type BeamkinKey } from "~/features/beamkins/owned-card";
import { formatDay } from "~/ui/dates";
import { primaryButton } from "~/ui/buttons";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { useFormAnswer } from "~/ui/form-answer";
import { parseForm } from "~/platform/forms.server";
import { invalid, respond } from "~/platform/respond.server";
import { usePosting, waitingButton } from "~/ui/pending";
import { RedirectField } from "~/ui/redirect-field";
import { refreshAfterConflict } from "~/platform/refresh-after-conflict";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["beamkins"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { member } = await requireMember(context);
  // The session lookup's member row carries the balance and the day of the last visit.
  const balance = await dailyVisitBalance(member);
  const { owned, recent } = await beamkinsOverview(member.id, 1);
  const starters = owned.length === 0 ? (await listCatalogue()).filter((c) => c.starter) : [];
  return {
    title: getInstance(context).t("beamkins:title"),
    // Formatted here, in the reader's language, so the browser hydrates the server's text.
    owned: owned.map((c) => ({ ...c, obtainedOn: formatDay(c.obtainedAt, getLocale(context)) })),
    starters: starters.map((c) => ({ id: c.id, slug: c.slug, name: c.name, personality: c.personality })),
    activeId: member.creatureId,
    corralled: member.companionCorralled,
    balance,
    recent,
  };
}

/** Gems or light spent elsewhere: a refusal comes with the page's fresh counts. */
export const shouldRevalidate = refreshAfterConflict;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Your Beamkins"),
];

/** Giving light is this page's own form, so a refused amount comes back as typed, beside its card. */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, giveLightForm);
  if (!form.ok) return invalid(args, form);
  const { creatureId, light } = form.data;
  return respond(args, await giveLight(member.id, creatureId, light), {
    values: form.values,
    refusals: beamkinRefusals,
    done: (given, t) => ({
      redirectTo: `/beamkins#beamkin-${creatureId}`,
      toast: t("beamkins:give.done", { amount: light, name: t(`beamkins:${given.name}`) }),
    }),
  });
}

export default function Beamkins({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("beamkins");
  // A member befriends one starter: while one is on its way, none can be pressed.
  const befriending = usePosting("/beamkins/obtain");
  const choosing = usePosting("/beamkins/active");
  const packing = usePosting("/beamkins/backpack");
  const { owned, starters, activeId, corralled, balance, recent } = loaderData;
  const active = owned.find((c) => c.id === activeId) ?? null;
  // A refused gift: the card it came from, what was typed, and why.
  const answer = useFormAnswer();
  const refusal = answer
    ? { creatureId: Number(answer.values.creatureId), light: answer.values.light ?? "", error: Object.values(answer.errors)[0] ?? "" }
    : null;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <PageHeading>{t("title")}</PageHeading>
        <p>{t("intro")}</p>
      </header>

      <section aria-labelledby="balance-heading" className="rounded-xl border border-glow-300 bg-glow-50 p-4 dark:border-glow-700 dark:bg-slate-900">
        <h2 id="balance-heading" className="text-lg font-semibold">
          {t("balance.heading")}
        </h2>
        <p data-testid="member-light" className="text-xl font-bold">
          {t("balance.value", { balance })}
        </p>
        <p className="text-sm">{t("balance.recent", { earned: recent.earned, spent: recent.spent })}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("balance.help")}</p>
      </section>

      {starters.length > 0 ? (
        <section aria-labelledby="obtain-heading" className="space-y-3">
          <h2 id="obtain-heading" className="text-xl font-semibold">
            {t("obtain.heading")}
          </h2>
          <p>{t("obtain.help")}</p>
          <ul className="grid gap-4 sm:grid-cols-2">
            {starters.map((c) => (
              <li key={c.id} className="flex items-center gap-3 rounded-xl border border-slate-300 p-3 dark:border-slate-700">
                <BeamkinArt slug={c.slug} light={20} size={72} />
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="font-semibold">
                    {t(c.name as BeamkinKey)} · <span className="font-normal">{t(`personalities.${c.personality}` as BeamkinKey)}</span>
                  </p>
                  <p className="text-sm">{t(`blurbs.${c.slug}` as BeamkinKey)}</p>
                  <Form method="post" action={href("/beamkins/obtain")}>
                    <RedirectField />
                    <input type="hidden" name="creatureId" value={c.id} />
                    <button type="submit" {...waitingButton(befriending)} className={`${primaryButton} px-3 py-1.5 text-sm`}>
                      {t("obtain.submit", { name: t(c.name as BeamkinKey) })}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="text-xl font-semibold">
          {t("list.heading")}
        </h2>
        {owned.length === 0 ? <p>{t("list.none")}</p> : null}
        {refusal && !owned.some((c) => c.id === refusal.creatureId) ? (
          // A refusal for no card on the page (a beamkin that does not exist or is not theirs).
          <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {refusal.error}
          </p>
        ) : null}
        <ul className="space-y-4">
          {owned.map((c) => (
            <li key={c.id}>
              <OwnedCard
                beamkin={c}
                active={c.id === activeId}
                error={refusal?.creatureId === c.id ? refusal : null}
              />
            </li>
          ))}
        </ul>
        {active ? (
          <Form method="post" action={href("/beamkins/active")}>
            <RedirectField />
            <input type="hidden" name="creatureId" value="0" />
            <button type="submit" {...waitingButton(choosing)} className="text-sm underline aria-disabled:opacity-60">
              {t("choose.none")}
            </button>
          </Form>
        ) : null}
      </section>

      <section id="backpack" aria-labelledby="backpack-heading" className="space-y-2 rounded-xl border border-slate-300 p-4 dark:border-slate-700">
        <h2 id="backpack-heading" className="text-xl font-semibold">
          {t("backpack.title")}
        </h2>
        {active ? (
          <>
            <p data-testid="backpack-status">
              {t(corralled ? "backpack.corralled" : "backpack.released", { name: t(active.name as BeamkinKey) })}
            </p>
            <Form method="post" action={href("/beamkins/backpack")}>
              <RedirectField />
              <input type="hidden" name="corralled" value={corralled ? "false" : "true"} />
              <button type="submit" {...waitingButton(packing)} className="rounded-md border border-slate-400 px-3 py-1.5 font-semibold aria-disabled:opacity-60">
                {t(corralled ? "backpack.release" : "backpack.corral", { name: t(active.name as BeamkinKey) })}
              </button>
            </Form>
          </>
        ) : (
          <p>{t("backpack.noCompanion")}</p>
        )}
        <p>
          <Link to={href("/chat-demo")} className="font-medium underline">
            {active ? t("chat.open", { name: t(active.name as BeamkinKey) }) : t("chat.titleNone")}
          </Link>
        </p>
      </section>
    </div>
  );
}
