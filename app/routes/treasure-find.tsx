import { useCallback } from "react";
import { useTranslation } from "~/platform/translations";
import { data, Form, Link, href } from "react-router";
import type { Route } from "./+types/treasure-find";
import { requireMember } from "~/features/auth/principal.server";
import { ClaimFields, claimDone, claimInWords, claimRefusals, formKey } from "~/features/treasures/claim-form.server";
import { groupCode } from "~/features/treasures/codes";
import { claimTreasure, treasureForMember } from "~/features/treasures/treasures.server";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { formatDay, formatMoment } from "~/ui/dates";
import { codeStart } from "~/ui/kept-posts";
import { OfflineOutbox, useKeptSubmit } from "~/ui/offline-outbox";
import { usePosting, waitingButton } from "~/ui/pending";
import { retryAfterOfAction } from "~/platform/retry-after";
import { pageTitle } from "~/ui/page";
import { primaryButton } from "~/ui/buttons";
import { TextField } from "~/ui/fields";
import { errorTitle, RouteErrorBoundary } from "~/ui/route-error-boundary";
import { useFormAnswer } from "~/ui/form-answer";

// offlineCopy: the service worker keeps the last treasure opened to read offline (1181).
export const handle = { i18n: ["treasures", "offline"], offlineCopy: true };

/** A wrong-code or link limit's Retry-After (429) reaches the page's own response too. */
export const headers = retryAfterOfAction;

const treasureId = (value: string) => (/^\d{1,10}$/.test(value) ? Number(value) : Number.NaN);

/**
 * /treasure/{id}: where a scanned code lands (?code=…). Opening it never claims (a link
 * preview or a second scan spends nothing): the member presses Claim. Already found: it
 * says so.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireMember(context);
  const lang = getLocale(context);
  const treasure = await treasureForMember(me.member.id, treasureId(params.id));
  if (!treasure) throw data(null, { status: 404 });
  const code = new URL(request.url).searchParams.get("code")?.slice(0, 64) ?? "";
  const now = new Date();
  return {
    // The spec's title for the screen ("Treasure"); the treasure's own name is its heading.
    title: getInstance(context).t("treasures:title"),
    treasure: {
      id: treasure.id,
      name: treasure.name,
      hint: treasure.hint,
      points: treasure.points,
      light: treasure.lightReward,
      opens: treasure.opensAt && treasure.opensAt > now ? formatMoment(treasure.opensAt.toISOString(), lang) : null,
      closed: treasure.closesAt && treasure.closesAt <= now ? formatMoment(treasure.closesAt.toISOString(), lang) : null,
      closes: treasure.closesAt && treasure.closesAt > now ? formatMoment(treasure.closesAt.toISOString(), lang) : null,
    },
    mine: treasure.claimStatus ? { status: treasure.claimStatus, on: formatDay(treasure.claimedAt!.toISOString(), lang) } : null,
    code: code ? groupCode(code.toUpperCase()) : "",
    key: formKey(),
    heading: getInstance(context).t("treasures:title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => (error ? errorTitle(matches) : [pageTitle(loaderData?.title, "Treasure")]);

/** Not there, or not theirs: the 404 or 403 screen inside the page's frame. */
export const ErrorBoundary = RouteErrorBoundary;

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const form = await parseForm(request, ClaimFields);
  if (!form.ok) return invalid({ request, context }, form);
  const outcome = await claimTreasure({ memberId: me.member.id, code: form.data.code, treasureId: treasureId(params.id), key: form.data.key });
  return respond({ request, context }, claimInWords(outcome, getLocale(context)), { values: form.values, done: claimDone, refusals: claimRefusals });
}

export default function TreasureFind({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("treasures");
  const { treasure, mine, code } = loaderData;
  const answer = useFormAnswer();
  const error = answer?.errors.code ?? answer?.errors.form;
  const claiming = usePosting(`/treasure/${treasure.id}`);
  const keep = useKeptSubmit(
    useCallback((fields: Record<string, string>) => t("keptLabel", { code: codeStart(fields.code ?? ""), name: treasure.name }), [t, treasure.name]),
    "/treasures/claim",
  );
  return (
    <article aria-labelledby="treasure-heading" className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-glow-700 dark:text-glow-300">{loaderData.heading}</p>
        <h1 id="treasure-heading" className="font-righteous text-3xl">
          {treasure.name}
        </h1>
        {treasure.hint ? <p className="italic">{t("hint", { hint: treasure.hint })}</p> : null}
        <p className="text-sm">{t("worth", { count: treasure.points, light: treasure.light })}</p>
      </header>

      <OfflineOutbox />

      {mine ? (
        <section aria-labelledby="mine-heading" className="rounded-2xl border-2 border-glow-500 bg-glow-50 p-5 dark:bg-slate-900">
          <h2 id="mine-heading" className="text-xl font-bold">
            {t("alreadyYours")}
          </h2>
          <p>{mine.status === "counted" ? t("foundOn", { day: mine.on }) : mine.status === "review" ? t("found.review", { day: mine.on }) : t("found.rejected", { day: mine.on })}</p>
        </section>
      ) : treasure.closed ? (
        <p role="status">{t("closedOn", { when: treasure.closed })}</p>
      ) : (
        <Form method="post" onSubmit={keep} className="space-y-3">
          <input type="hidden" name="key" value={loaderData.key} />
          <input type="hidden" name="treasureId" value={treasure.id} />
          {treasure.opens ? <p role="status">{t("opensOn", { when: treasure.opens })}</p> : null}
          {treasure.closes ? <p className="text-sm">{t("closesOn", { when: treasure.closes })}</p> : null}
          {code && !error ? (
            <>
              <input type="hidden" name="code" value={code} />
              <p>{t("scanned", { code })}</p>
            </>
          ) : (
            <TextField
              id="treasure-code"
              name="code"
              label={t("typeLabel")}
              value={answer?.values.code ?? code}
              error={error}
              announceError
              required
              autoCapitalize="characters"
              spellCheck={false}
              controlClassName="font-mono uppercase tracking-wider"
            />
          )}
          <button type="submit" {...waitingButton(claiming)} className={`${primaryButton} px-5 py-2.5 text-lg`}>
            {t("claimThis", { name: treasure.name })}
          </button>
        </Form>
      )}

      <p>
        <Link to={href("/treasure")} className="underline">
          {t("toList")}
        </Link>
      </p>
    </article>
  );
}
