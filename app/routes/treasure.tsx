import { useCallback } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, Link, href } from "react-router";
import type { Route } from "./+types/treasure";
import { requireMember } from "~/features/auth/principal.server";
import { ClaimFields, claimDone, claimInWords, claimRefusals, formKey } from "~/features/treasures/claim-form.server";
import { claimTreasure, foundTreasures } from "~/features/treasures/treasures.server";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { formatDay } from "~/ui/dates";
import { codeStart } from "~/ui/kept-posts";
import { OfflineOutbox, useKeptSubmit } from "~/ui/offline-outbox";
import { usePosting, waitingButton } from "~/ui/pending";
import { retryAfterOfAction } from "~/platform/retry-after";
import { PageHeader, pageTitle } from "~/ui/page";
import { primaryButton } from "~/ui/buttons";
import { TextField } from "~/ui/fields";
import { Section } from "~/ui/section";
import { useFormAnswer } from "~/ui/form-answer";

// offlineCopy: the service worker keeps the member's last-seen screen to read offline (1181).
export const handle = { i18n: ["treasures", "offline"], offlineCopy: true };

/** A wrong-code or link limit's Retry-After (429) reaches the page's own response too. */
export const headers = retryAfterOfAction;

/** /treasure: what the member found (each with its feed post), and a field to type a code. */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await requireMember(context);
  const lang = getLocale(context);
  const found = await foundTreasures(me.member.id);
  return {
    title: getInstance(context).t("treasures:title"),
    found: found.map((f) => ({ ...f, on: formatDay(f.claimedAt, lang) })),
    key: formKey(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Treasure")];

/** A typed code: the treasure it opens is found. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const form = await parseForm(request, ClaimFields);
  if (!form.ok) return invalid({ request, context }, form);
  const outcome = await claimTreasure({ memberId: me.member.id, code: form.data.code, key: form.data.key });
  return respond({ request, context }, claimInWords(outcome, getLocale(context)), { values: form.values, done: claimDone, refusals: claimRefusals });
}

export default function Treasure({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("treasures");
  const answer = useFormAnswer();
  const error = answer?.errors.code ?? answer?.errors.form;
  const claiming = usePosting("/treasure");
  const keep = useKeptSubmit(
    useCallback((fields: Record<string, string>) => t("keptLabelTyped", { code: codeStart(fields.code ?? "") }), [t]),
    "/treasures/claim",
  );
  return (
    <div className="space-y-8">
      <PageHeader title={t("heading")} lead={t("intro")} />

      <OfflineOutbox />

      <Form method="post" onSubmit={keep} className="space-y-2 rounded-xl border border-glow-300 bg-glow-50 p-4 dark:border-glow-700 dark:bg-slate-900">
        <input type="hidden" name="key" value={loaderData.key} />
        <TextField
          id="treasure-code"
          name="code"
          label={t("typeLabel")}
          hint={t("typeHelp")}
          required
          value={answer?.values.code ?? ""}
          autoCapitalize="characters"
          spellCheck={false}
          error={error}
          announceError
          controlClassName="font-mono uppercase tracking-wider"
          action={
            <button type="submit" {...waitingButton(claiming)} className={primaryButton}>
              {t("claim")}
            </button>
          }
        />
      </Form>

      <Section id="found" heading={t("found.heading", { count: loaderData.found.length })}>
        {loaderData.found.length === 0 ? <p>{t("found.none")}</p> : null}
        <ul className="space-y-2">
          {loaderData.found.map((f) => (
            <li key={f.id} className="rounded-xl border border-slate-300 p-3 dark:border-slate-700">
              <p className="font-semibold">
                <Link to={href("/treasure/:id", { id: String(f.id) })} className="underline">
                  {f.name}
                </Link>
              </p>
              <p className="text-sm">
                {f.status === "counted"
                  ? t("found.counted", { day: f.on, count: f.points })
                  : f.status === "review"
                    ? t("found.review", { day: f.on })
                    : t("found.rejected", { day: f.on })}
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
