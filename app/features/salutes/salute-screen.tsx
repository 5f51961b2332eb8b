/**
 * The one salute screen, in three kinds: a compliment, a star salute or a secret salute.
 * The recipient picker, the kind's own fields, and (secret) what arrived; a refused send
 * comes back with what was typed and the reason beside its field.
 */
import { useTranslation } from "~/platform/translations";
import { Form, useNavigation } from "react-router";
import { formAnswer } from "~/platform/form-answer";
import { DraftNotice, useDraft } from "~/ui/draft";
import type { DatedSalute } from "./dates";
import { secretPrompts } from "~/platform/db/schema/secret-prompts";
import type { Recipient } from "./recipients.server";
import { SALUTE_RULES } from "./rules";
import type { SaluteKind } from "./salutes.server";
import { saluteScreens } from "./screens";
import { FIRST_FIELD, GemsField, MessageField, ReceivedSalutes, useSaluteFocus } from "./ui";
import { FieldError, TextField } from "~/ui/fields";
import { FormError } from "~/ui/form";
import { primaryButton } from "~/ui/buttons";
import { RecipientPicker } from "./recipient-picker";
import { PageHeading } from "~/ui/page";

export interface SaluteScreenData {
  kind: SaluteKind;
  q: string;
  results: Recipient[] | null;
  recipient: Recipient | null;
  gemsLeft: number;
  secret: { received: DatedSalute[]; highlight: number | null; left: number } | null;
}

export function SaluteScreen({ data, actionData }: { data: SaluteScreenData; actionData: unknown }) {
  const { t } = useTranslation("salutes");
  const busy = useNavigation().state === "submitting";
  const { kind, recipient, secret } = data;
  const { key, path } = saluteScreens[kind];
  const answer = formAnswer(actionData);
  const draft = useDraft();
  const values = answer?.values ?? draft ?? undefined;
  const errors = answer?.errors ?? {};
  const page = useSaluteFocus(recipient?.id ?? null, actionData);
  return (
    <div ref={page} className="space-y-6">
      <PageHeading>{t(`${key}.heading`)}</PageHeading>
      <p>{t(`${key}.intro`)}</p>
      {secret ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("secret.left", { count: secret.left })}</p> : null}
      <RecipientPicker basePath={path} q={data.q} results={data.results} recipient={recipient} error={errors.recipientId} />
      {recipient ? (
        <Form method="post" className="space-y-4" aria-label={t(`${key}.heading`)}>
          <DraftNotice draft={answer ? null : draft} />
          <FormError message={errors.form} />
          <input type="hidden" name="recipientId" value={recipient.id} />
          {kind === "star" ? <StarsField chosen={values?.stars ?? String(SALUTE_RULES.starsMax)} error={errors.stars} /> : null}
          {kind === "secret" ? (
            <SecretFields values={values} errors={errors} />
          ) : (
            <>
              <MessageField label={t(kind === "star" ? "star.message" : "compliment.message")} value={values?.message} error={errors.message} />
              <GemsField left={data.gemsLeft} value={values?.gems} error={errors.gems} />
            </>
          )}
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? t("sending") : t(`${key}.send`)}
          </button>
        </Form>
      ) : null}
      {secret ? (
        <section aria-labelledby="received-secret" className="space-y-3">
          <h2 id="received-secret" className="text-xl font-semibold">
            {t("secret.received")}
          </h2>
          <ReceivedSalutes salutes={secret.received} highlight={secret.highlight} />
        </section>
      ) : null}
    </div>
  );
}

const choiceClass =
  "flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-glow-500 has-[:checked]:bg-glow-50 dark:border-slate-700 dark:has-[:checked]:bg-slate-900";

function StarsField({ chosen, error }: { chosen: string; error?: string }) {
  const { t } = useTranslation("salutes");
  const counts = Array.from({ length: SALUTE_RULES.starsMax }, (_, i) => i + 1);
  return (
    // min-w-0: a fieldset is as wide as its content by default, and three choices side by side
    // are wider than a phone (434 px at 390): there they stack, each a whole row to tap.
    <fieldset aria-describedby={error ? "stars-error" : undefined} className="min-w-0">
      <legend className="font-medium">{t("star.howMany")}</legend>
      <div className="mt-1 grid gap-2 sm:flex sm:gap-3">
        {counts.map((n) => (
          <label key={n} className={choiceClass}>
            <input
              type="radio"
              name="stars"
              value={n}
              defaultChecked={chosen === String(n)}
              required
              aria-invalid={error && n === 1 ? true : undefined}
              aria-describedby={error ? "stars-error" : undefined}
            />
            <span aria-hidden="true" className="text-glow-500">
              {"★".repeat(n)}
            </span>
            <span>{t("stars.count", { count: n })}</span>
          </label>
        ))}
      </div>
      <FieldError id="stars-error" message={error} />
    </fieldset>
  );
}

function SecretFields({ values, errors }: { values?: Record<string, string>; errors: Record<string, string> }) {
  const { t } = useTranslation("salutes");
  return (
    <>
      <fieldset aria-describedby={errors.prompt ? "prompt-error" : undefined}>
        <legend className="font-medium">{t("secret.choosePrompt")}</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {secretPrompts.map((p, i) => (
            <label key={p} className={`${choiceClass} items-start`}>
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
      <TextField id="secret-note" name="note" label={t("secret.note")} hint={t("secret.noteHint")} maxLength={SALUTE_RULES.noteMax} value={values?.note} error={errors.note} />
    </>
  );
}
