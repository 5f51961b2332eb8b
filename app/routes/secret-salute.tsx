import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/secret-salute";
import { withDates } from "~/features/salutes/dates";
import { secretPrompts } from "~/features/salutes/prompts";
import { listReceivedSalutes, SALUTE_RULES, secretSalutesSentToday } from "~/features/salutes/salutes.server";
import { SecretSaluteForm } from "~/features/salutes/schemas";
import { handleSend, loadPicker } from "~/features/salutes/send.server";
import {
  FieldError,
  FIRST_FIELD,
  FormError,
  inputClass,
  primaryButton,
  ReceivedSalutes,
  RecipientPicker,
  useSaluteFocus,
} from "~/features/salutes/ui";
import { retryAfterOfAction } from "~/platform/retry-after";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { DraftNotice, useDraft } from "~/ui/draft";

export const handle = { i18n: ["salutes"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { memberId, ...picker } = await loadPicker(request);
  const highlight = Number(new URL(request.url).searchParams.get("salute")) || null;
  const [received, sentToday] = await Promise.all([
    listReceivedSalutes(memberId, { kind: "secret" }),
    secretSalutesSentToday(memberId),
  ]);
  return {
    ...picker,
    received: withDates(received, getLocale(context)),
    highlight,
    left: Math.max(0, SALUTE_RULES.secretPerDay - sentToday),
    title: getInstance(context).t("salutes:secret.title"),
  };
}

/** A limit's Retry-After (the secret salutes' daily cap) reaches the browser too. */
export const headers = retryAfterOfAction;

export async function action({ request, context }: Route.ActionArgs) {
  return handleSend(
    request,
    context,
    SecretSaluteForm,
    (v, senderId) => ({ kind: "secret", senderId, recipientId: v.recipientId, prompt: v.prompt, note: v.note }),
    () => "/secret-salute",
    "salutes:secret.sent",
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Secret Salutes"} · Glow` }];

export default function SecretSalute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("salutes");
  const busy = useNavigation().state === "submitting";
  const { recipient } = loaderData;
  const draft = useDraft();
  const values = actionData?.values ?? draft ?? undefined;
  const errors = actionData?.errors ?? {};
  const page = useSaluteFocus(recipient?.id ?? null, actionData);
  return (
    <div ref={page} className="space-y-6">
      <h1 className="font-righteous text-3xl text-glow-700 dark:text-glow-300">{t("secret.heading")}</h1>
      <p>{t("secret.intro")}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("secret.left", { count: loaderData.left })}</p>
      <RecipientPicker basePath="/secret-salute" q={loaderData.q} results={loaderData.results} recipient={recipient} error={errors.recipientId} />
      {recipient ? (
        <Form method="post" className="space-y-4" aria-label={t("secret.heading")}>
          <DraftNotice draft={actionData ? null : draft} />
          <FormError message={errors.form} />
          <input type="hidden" name="recipientId" value={recipient.id} />
          <fieldset aria-describedby={errors.prompt ? "prompt-error" : undefined}>
            <legend className="font-medium">{t("secret.choosePrompt")}</legend>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              {secretPrompts.map((p, i) => (
                <label key={p} className="flex items-start gap-2 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-glow-500 has-[:checked]:bg-glow-50 dark:border-slate-700 dark:has-[:checked]:bg-slate-900">
                  <input
                    type="radio"
                    name="prompt"
                    value={p}
                    required
                    defaultChecked={values?.prompt === p}
                    aria-invalid={errors.prompt && i === 0 ? true : undefined}
                    aria-describedby={errors.prompt ? "prompt-error" : undefined}
                    className="mt-1"
                    {...(i === 0 ? FIRST_FIELD : {})}
                  />
                  <span>{t(`prompts.${p}`)}</span>
                </label>
              ))}
            </div>
            <FieldError id="prompt-error" message={errors.prompt} />
          </fieldset>
          <div>
            <label htmlFor="secret-note" className="block font-medium">
              {t("secret.note")}
            </label>
            <p id="secret-note-hint" className="text-sm text-slate-600 dark:text-slate-400">
              {t("secret.noteHint")}
            </p>
            <input
              id="secret-note"
              name="note"
              maxLength={80}
              defaultValue={values?.note}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={`${errors.note ? "note-error " : ""}secret-note-hint`}
              className={inputClass}
            />
            <FieldError id="note-error" message={errors.note} />
          </div>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? t("sending") : t("secret.send")}
          </button>
        </Form>
      ) : null}
      <section aria-labelledby="received-secret" className="space-y-3">
        <h2 id="received-secret" className="text-xl font-semibold">
          {t("secret.received")}
        </h2>
        <ReceivedSalutes salutes={loaderData.received} highlight={loaderData.highlight} />
      </section>
    </div>
  );
}
