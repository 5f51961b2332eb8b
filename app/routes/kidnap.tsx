import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/kidnap";
import { currentMember, hasRole, requireMember } from "~/features/auth/principal.server";
import { BeamkinArt } from "~/features/beamkins/beamkin-art";
import { listCatalogue, memberCreatures } from "~/features/beamkins/creatures.server";
import { catchBeamkin, catchLinkByCode, shareCatchLink } from "~/features/quests/catch-links.server";
import { CATCH_RULES } from "~/features/quests/catch-rules";
import { sharedUrl } from "~/features/quests/links.server";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { drawQr } from "~/platform/qr.server";
import { invalid, respond } from "~/platform/respond.server";
import { formatMoment } from "~/ui/dates";
import { usePosting, waitingButton } from "~/ui/pending";
import { QrCode } from "~/ui/qr-code";
import type { KeyIn } from "~/locales/types";
import { retryAfterOfAction } from "~/platform/retry-after";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["quests", "beamkins"] };

/** A wrong-code or link limit's Retry-After (429) reaches the page's own response too. */
export const headers = retryAfterOfAction;

const linkPath = (code: string) => `/kidnap?code=${code}`;

/**
 * /kidnap: catch a beamkin from a link or QR code (?code=…). Opening never spends the link;
 * pressing Catch does. A member can also share a catch link for a beamkin of theirs (a game
 * master, for any beamkin, with many catches).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await currentMember(context);
  const url = new URL(request.url);
  const lang = getLocale(context);
  const t = getInstance(context).t;
  const code = url.searchParams.get("code")?.slice(0, 64) ?? "";
  const link = code ? await catchLinkByCode(code, me?.member.id ?? null) : null;
  const gameMaster = me ? hasRole(me.roles, "gamemaster") : false;
  const shareable = me ? (gameMaster ? await listCatalogue() : (await memberCreatures(me.member.id)).map((c) => ({ id: c.id, slug: c.slug, name: c.name }))) : [];
  const sharedCode = url.searchParams.get("shared");
  const shared = sharedCode && me ? await catchLinkByCode(sharedCode, null) : null;
  return {
    title: t("quests:kidnap.title"),
    signedIn: Boolean(me),
    code,
    link: link ? { ...link, expires: formatMoment(link.expiresAt, lang) } : null,
    gameMaster,
    shareable: shareable.map((c) => ({ id: c.id, slug: c.slug, name: c.name })),
    shared: shared
      ? { url: sharedUrl(request, linkPath(shared.code)), qr: drawQr(sharedUrl(request, linkPath(shared.code))), expires: formatMoment(shared.expiresAt, lang), creature: shared.creature, catches: shared.catchesLeft }
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Kidnap")];

const KidnapIntent = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("catch"), code: z.string().trim().min(1).max(64) }),
    z.object({
      intent: z.literal("share"),
      creatureId: z.coerce.number({ error: "quests:errors.pickBeamkin" }).int().min(1).max(2_147_483_647),
      catches: z.coerce.number({ error: "quests:errors.catches" }).int().min(1, { error: "quests:errors.catches" }).max(CATCH_RULES.gmMaxCatches, { error: "quests:errors.catches" }).optional(),
      days: z.coerce.number({ error: "quests:errors.days" }).int().min(1, { error: "quests:errors.days" }).max(CATCH_RULES.gmMaxDays, { error: "quests:errors.days" }).optional(),
    }),
  ],
  { error: "errors:validation.invalid" },
);

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const form = await parseForm(request, KidnapIntent);
  if (!form.ok) return invalid({ request, context }, form);
  const lang = getLocale(context);
  const t = getInstance(context).t;
  if (form.data.intent === "catch") {
    const outcome = await catchBeamkin(me.member.id, form.data.code);
    const said = !outcome.ok && outcome.details
      ? { ...outcome, details: { ...outcome.details, ...(typeof outcome.details.name === "string" ? { name: t(`beamkins:${outcome.details.name}`) } : {}), ...(typeof outcome.details.expired === "string" ? { expired: formatMoment(outcome.details.expired, lang) } : {}) } }
      : outcome;
    return respond({ request, context }, said, {
      values: form.values,
      done: (caught, t) => ({ redirectTo: `/beamkins#beamkin-${caught.creatureId}`, toast: t("quests:kidnap.caught", { name: t(`beamkins:${caught.name}`) }), result: caught }),
      refusals: {
        "unknown-link": { status: 404, message: "quests:kidnap.unknown" },
        expired: { status: 410, message: "quests:kidnap.expired" },
        used: { status: 410, message: "quests:kidnap.used" },
        "already-yours": { status: 409, message: "quests:kidnap.alreadyYours" },
      },
    });
  }
  const gameMaster = hasRole(me.roles, "gamemaster");
  return respond({ request, context }, await shareCatchLink(me.member.id, form.data, gameMaster), {
    values: form.values,
    done: (link, t) => ({ redirectTo: `/kidnap?shared=${link.code}#shared`, toast: t("quests:kidnap.sharedToast"), result: link }),
    refusals: {
      "not-yours": { status: 403, message: "quests:kidnap.notYours", field: "creatureId" },
      "unknown-creature": { status: 404, message: "quests:kidnap.unknownBeamkin", field: "creatureId" },
      "too-many-links": { status: 429, message: "quests:kidnap.tooMany", field: "creatureId" },
    },
  });
}

export default function Kidnap({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("quests");
  const { t: tb } = useTranslation("beamkins");
  const { link, shared } = loaderData;
  const answer = useFormAnswer();
  const catching = usePosting("/kidnap", { intent: "catch" });
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <PageHeading>{t("kidnap.heading")}</PageHeading>
        <p>{t("kidnap.intro")}</p>
      </header>

      {answer?.errors.form ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
          {answer.errors.form}
        </p>
      ) : null}

      {link ? (
        <section aria-labelledby="catch-heading" className="flex flex-wrap items-center gap-4 rounded-2xl border-2 border-glow-500 bg-glow-50 p-5 dark:bg-slate-900">
          <BeamkinArt slug={link.creature.slug} light={40} size={120} />
          <div className="space-y-2">
            <h2 id="catch-heading" className="text-xl font-bold">
              {t("kidnap.wild", { name: tb(link.creature.name as KeyIn<"beamkins">) })}
            </h2>
            {link.state === "ready" ? (
              <>
                <p className="text-sm">{t("kidnap.expires", { when: link.expires })}</p>
                {loaderData.signedIn ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="catch" />
                    <input type="hidden" name="code" value={link.code} />
                    <button type="submit" {...waitingButton(catching)} className="rounded-md bg-glow-700 px-5 py-2.5 text-lg font-semibold text-white hover:bg-glow-900 aria-disabled:opacity-60">
                      {t("kidnap.catch", { name: tb(link.creature.name as KeyIn<"beamkins">) })}
                    </button>
                  </Form>
                ) : (
                  <a href={`${href("/signin")}?redirectTo=${encodeURIComponent(`${href("/kidnap")}?code=${link.code}`)}`} className="inline-block rounded-md bg-glow-700 px-5 py-2.5 font-semibold text-white">
                    {t("kidnap.signInToCatch")}
                  </a>
                )}
              </>
            ) : (
              <p role="status" className="font-semibold">
                {link.state === "caught" ? t("kidnap.caughtAlready", { name: tb(link.creature.name as KeyIn<"beamkins">) }) : link.state === "owned" ? t("kidnap.alreadyYours", { name: tb(link.creature.name as KeyIn<"beamkins">) }) : link.state === "expired" ? t("kidnap.expired", { expired: link.expires }) : t("kidnap.used")}
              </p>
            )}
          </div>
        </section>
      ) : loaderData.code ? (
        <p role="alert" className="font-semibold">
          {t("kidnap.unknown")}
        </p>
      ) : null}

      <Form method="get" className="space-y-2">
        <label htmlFor="catch-code" className="block font-semibold">
          {t("kidnap.typeLabel")}
        </label>
        <div className="flex flex-wrap gap-2">
          <input id="catch-code" name="code" required defaultValue={loaderData.code} autoComplete="off" className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2 font-mono uppercase dark:bg-slate-950" />
          <button type="submit" className="rounded-md border border-slate-400 px-4 py-2 font-semibold">
            {t("kidnap.look")}
          </button>
        </div>
      </Form>

      {shared ? (
        <section id="shared" aria-labelledby="shared-heading" className="space-y-2 rounded-xl border border-slate-300 p-4 dark:border-slate-700">
          <h2 id="shared-heading" className="text-xl font-semibold">
            {t("kidnap.sharedHeading", { name: tb(shared.creature.name as KeyIn<"beamkins">) })}
          </h2>
          <QrCode drawing={shared.qr} label={t("kidnap.qrLabel", { name: tb(shared.creature.name as KeyIn<"beamkins">) })} />
          <p className="break-all font-mono text-sm">{shared.url}</p>
          <p className="text-sm">{t("kidnap.sharedInfo", { count: shared.catches, when: shared.expires })}</p>
        </section>
      ) : null}

      {loaderData.signedIn ? (
        <section aria-labelledby="share-heading" className="space-y-3">
          <h2 id="share-heading" className="text-xl font-semibold">
            {t("kidnap.shareHeading")}
          </h2>
          <p>{loaderData.gameMaster ? t("kidnap.shareHelpGm") : t("kidnap.shareHelp")}</p>
          {loaderData.shareable.length === 0 ? (
            <p>
              {t("kidnap.nothingToShare")}{" "}
              <a href={href("/beamkins")} className="underline">
                {t("kidnap.toBeamkins")}
              </a>
            </p>
          ) : (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="share" />
              <label htmlFor="share-creature" className="block font-semibold">
                {t("kidnap.pick")}
              </label>
              <select id="share-creature" name="creatureId" defaultValue={answer?.values.creatureId} aria-invalid={answer?.errors.creatureId ? true : undefined} className="rounded-md border border-slate-400 px-3 py-2 dark:bg-slate-950">
                {loaderData.shareable.map((c) => (
                  <option key={c.id} value={c.id}>
                    {tb(c.name as KeyIn<"beamkins">)}
                  </option>
                ))}
              </select>
              {loaderData.gameMaster ? (
                <div className="flex flex-wrap gap-4">
                  <label className="flex items-center gap-2">
                    {t("kidnap.catches")}
                    <input name="catches" type="number" min={1} max={CATCH_RULES.gmMaxCatches} defaultValue={answer?.values.catches ?? "20"} className="w-24 rounded-md border border-slate-400 px-2 py-1 dark:bg-slate-950" />
                  </label>
                  <label className="flex items-center gap-2">
                    {t("kidnap.days")}
                    <input name="days" type="number" min={1} max={CATCH_RULES.gmMaxDays} defaultValue={answer?.values.days ?? "7"} className="w-24 rounded-md border border-slate-400 px-2 py-1 dark:bg-slate-950" />
                  </label>
                </div>
              ) : null}
              {answer?.errors.creatureId || answer?.errors.catches || answer?.errors.days ? (
                <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
                  {answer.errors.creatureId ?? answer.errors.catches ?? answer.errors.days}
                </p>
              ) : null}
              <button type="submit" className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900">
                {t("kidnap.share")}
              </button>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
