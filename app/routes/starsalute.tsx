import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/starsalute";
import { StarSaluteForm } from "~/features/salutes/schemas";
import { handleSend, loadPicker } from "~/features/salutes/send.server";
import { FieldError, FormError, GemsField, MessageField, primaryButton, RecipientPicker, useSaluteFocus } from "~/features/salutes/ui";
import { retryAfterOfAction } from "~/platform/retry-after";
import { getInstance } from "~/platform/i18n.server";
import { DraftNotice, useDraft } from "~/ui/draft";
import { refreshAfterConflict } from "~/platform/refresh-after-conflict";

export const handle = { i18n: ["salutes"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { memberId: _, ...picker } = await loadPicker(request);
  return { ...picker, title: getInstance(context).t("salutes:star.title") };
}

/** A limit's Retry-After (the secret salutes' daily cap) reaches the browser too. */
export const headers = retryAfterOfAction;

export async function action({ request, context }: Route.ActionArgs) {
  return handleSend(
    request,
    context,
    StarSaluteForm,
    (v, senderId) => ({ kind: "star", senderId, recipientId: v.recipientId, message: v.message, stars: v.stars, gems: v.gems }),
    // The receipt celebrates once; the island drops ?celebrate from the shareable address.
    ({ receiptCode }) => `/starsalute/view/${receiptCode}?celebrate=1`,
    "salutes:star.sent",
  );
}

/** Gems or light spent elsewhere: a refusal comes with the page's fresh counts. */
export const shouldRevalidate = refreshAfterConflict;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Star Salutes"} · Glow` }];

export default function StarSalute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("salutes");
  const busy = useNavigation().state === "submitting";
  const { recipient } = loaderData;
  const draft = useDraft();
  const values = actionData?.values ?? draft ?? undefined;
  const errors = actionData?.errors ?? {};
  const page = useSaluteFocus(recipient?.id ?? null, actionData);
  const chosen = values?.stars ?? "3";
  return (
    <div ref={page} className="space-y-5">
      <h1 className="font-righteous text-3xl text-glow-700 dark:text-glow-300">{t("star.heading")}</h1>
      <p>{t("star.intro")}</p>
      <RecipientPicker basePath="/starsalute" q={loaderData.q} results={loaderData.results} recipient={recipient} error={errors.recipientId} />
      {recipient ? (
        <Form method="post" className="space-y-4" aria-label={t("star.heading")}>
          <DraftNotice draft={actionData ? null : draft} />
          <FormError message={errors.form} />
          <input type="hidden" name="recipientId" value={recipient.id} />
          <fieldset aria-describedby={errors.stars ? "stars-error" : undefined}>
            <legend className="font-medium">{t("star.howMany")}</legend>
            <div className="mt-1 flex gap-3">
              {[1, 2, 3].map((n) => (
                <label key={n} className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-glow-500 has-[:checked]:bg-glow-50 dark:border-slate-700 dark:has-[:checked]:bg-slate-900">
                  <input
                    type="radio"
                    name="stars"
                    value={n}
                    defaultChecked={chosen === String(n)}
                    required
                    aria-invalid={errors.stars && n === 1 ? true : undefined}
                    aria-describedby={errors.stars ? "stars-error" : undefined}
                  />
                  <span aria-hidden="true" className="text-glow-500">{"★".repeat(n)}</span>
                  <span>{t("stars.count", { count: n })}</span>
                </label>
              ))}
            </div>
            <FieldError id="stars-error" message={errors.stars} />
          </fieldset>
          <MessageField label={t("star.message")} value={values?.message} error={errors.message} />
          <GemsField left={loaderData.gemsLeft} value={values?.gems} error={errors.gems} />
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? t("sending") : t("star.send")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
