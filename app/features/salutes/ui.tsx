/** Shared pieces of the salute screens. */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { usePosting, waitingButton } from "~/ui/pending";
import { RedirectField } from "~/ui/redirect-field";
import { memberTextLang } from "~/ui/text-lang";
import type { DatedSalute } from "./dates";
import { isSecretPrompt } from "~/platform/db/schema/secret-prompts";
import { reportReasons } from "./report-reasons";

import { compactFieldClass, FieldError, fieldClass } from "~/ui/fields";
import { secondaryButton } from "~/ui/buttons";

/** Marks the control a salute form's writer starts with, once a recipient is picked. */
export const FIRST_FIELD = { "data-first-field": "" } as const;

/**
 * Where the focus goes on a salute screen (with JavaScript): to the first field once a
 * recipient is picked (the suggestion was a link, which otherwise leaves the focus on the
 * page), and to the first refused field, or the error, when the server refuses a send.
 * Put the returned ref on an element holding both the picker and the form.
 */
export function useSaluteFocus(recipientId: number | null, answer: unknown) {
  const container = useFocusFirstInvalid<HTMLDivElement>(answer);
  const shown = useRef(recipientId);
  useEffect(() => {
    if (recipientId === shown.current) return;
    shown.current = recipientId;
    if (recipientId) container.current?.querySelector<HTMLElement>("[data-first-field]")?.focus();
  }, [recipientId, container]);
  return container;
}

export function GemsField({ left, value, error }: { left: number; value?: string; error?: string }) {
  const { t } = useTranslation("salutes");
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {t("gems.label")}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {t("gems.left", { count: left })}
      </p>
      <input
        id={id}
        name="gems"
        type="number"
        inputMode="numeric"
        min={0}
        max={Math.min(10, left)}
        defaultValue={value ?? "0"}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? "gems-error " : ""}${id}-hint`}
        className={`${fieldClass} max-w-32`}
      />
      <FieldError id="gems-error" message={error} />
    </div>
  );
}

export function MessageField({ value, error, label }: { value?: string; error?: string; label: string }) {
  const { t } = useTranslation("salutes");
  const id = useId();
  const [length, setLength] = useState(value?.length ?? 0);
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name="message"
        required
        maxLength={280}
        rows={4}
        defaultValue={value}
        onChange={(e) => setLength(e.currentTarget.value.length)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? "message-error " : ""}${id}-count`}
        className={fieldClass}
        {...FIRST_FIELD}
      />
      <p id={`${id}-count`} className="text-sm text-slate-600 dark:text-slate-400">
        {t("message.count", { used: length, max: 280 })}
      </p>
      <FieldError id="message-error" message={error} />
    </div>
  );
}

export function Stars({ count }: { count: number }) {
  const { t } = useTranslation("salutes");
  return (
    <span role="img" aria-label={t("stars.count", { count })} className="text-glow-700 dark:text-glow-400">
      {"★".repeat(count)}
    </span>
  );
}

/**
 * What the member received, newest first; a secret salute shows no sender. Secret and star
 * salutes can be hidden or reported (a report goes to the staff's moderation queue).
 */
export function ReceivedSalutes({
  salutes,
  highlight,
}: {
  /** With each date formatted by the loader (`withDates`), so the browser renders the server's text. */
  salutes: DatedSalute[];
  highlight?: number | null;
}) {
  const { t, i18n } = useTranslation("salutes");
  if (salutes.length === 0) return <p>{t("received.empty")}</p>;
  return (
    <ul className="space-y-3">
      {salutes.map((s) => (
        <li
          key={s.id}
          id={`salute-${s.id}`}
          data-salute-kind={s.kind}
          aria-current={highlight === s.id ? "true" : undefined}
          className={`rounded-lg border p-3 ${highlight === s.id ? "border-glow-500 bg-glow-50 dark:bg-slate-900" : "border-slate-200 dark:border-slate-800"}`}
        >
          <p className="font-semibold">
            {s.kind === "secret"
              ? t("received.secretFrom")
              : t(s.kind === "star" ? "received.starFrom" : "received.complimentFrom", { name: s.from?.name })}
            {s.stars ? <> <Stars count={s.stars} /></> : null}
          </p>
          {isSecretPrompt(s.prompt) ? <p className="mt-1">{t(`prompts.${s.prompt}`)}</p> : null}
          {s.message ? (
            <p lang={memberTextLang(s.message, i18n.language)} className="mt-1 whitespace-pre-line break-words">
              {s.message}
            </p>
          ) : null}
          {s.gems > 0 ? <p className="mt-1 text-sm">{t("received.gems", { count: s.gems })}</p> : null}
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={s.createdAt}>{s.date}</time>
          </p>
          {s.kind === "secret" || s.kind === "star" ? <HideOrReport saluteId={s.id} /> : null}
        </li>
      ))}
    </ul>
  );
}

function HideOrReport({ saluteId }: { saluteId: number }) {
  const { t } = useTranslation("salutes");
  const id = useId();
  const posting = usePosting(href("/salutes/received"), { saluteId: String(saluteId) });
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3">
      <Form method="post" action={href("/salutes/received")}>
        <RedirectField />
        <input type="hidden" name="saluteId" value={saluteId} />
        <button type="submit" name="intent" value="hide" {...waitingButton(posting)} className={secondaryButton}>
          {t("received.hide")}
        </button>
      </Form>
      <Form method="post" action={href("/salutes/received")} className="flex items-end gap-2">
        <RedirectField />
        <input type="hidden" name="saluteId" value={saluteId} />
        <div>
          <label htmlFor={id} className="block text-sm">
            {t("received.reason")}
          </label>
          <select id={id} name="reason" className={`${compactFieldClass} text-sm`}>
            {reportReasons.map((r) => (
              <option key={r} value={r}>
                {t(`received.reasons.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="intent" value="report" {...waitingButton(posting)} className={secondaryButton}>
          {t("received.report")}
        </button>
      </Form>
    </div>
  );
}
