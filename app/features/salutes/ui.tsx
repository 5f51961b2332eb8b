/** Shared pieces of the salute screens. */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, Link, href } from "react-router";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { usePosting, waitingButton } from "~/ui/pending";
import { RedirectField } from "~/ui/redirect-field";
import { gapAfter, memberTextLang } from "~/ui/text-lang";
import type { Recipient } from "./recipients.server";
import type { DatedSalute } from "./dates";
import { isSecretPrompt } from "./prompts";
import { reportReasons } from "./report-reasons";

export const inputClass =
  "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
export const primaryButton =
  "rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900 disabled:opacity-60";
export const secondaryButton = "rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium";

/** A field's error; the field names it first in its `aria-describedby` and is `aria-invalid`. */
export function FieldError({ id, message, focusable = false }: { id: string; message?: string; focusable?: boolean }) {
  if (!message) return null;
  return (
    <p
      id={id}
      className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
      // An error with no field of its own to focus takes the focus itself.
      {...(focusable ? { tabIndex: -1, "data-focus-on-error": "" } : {})}
    >
      {message}
    </p>
  );
}

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

/**
 * Who to salute. Without JavaScript: a search form (GET ?q=) and result links (?to=id).
 * With JavaScript: the same form, plus suggestions as you type from /salutes/recipients.
 */
export function RecipientPicker({
  basePath,
  q,
  results,
  recipient,
  error,
}: {
  basePath: string;
  q: string;
  results: Recipient[] | null;
  recipient: Recipient | null;
  error?: string;
}) {
  const { t } = useTranslation("salutes");
  const [typed, setTyped] = useState(q);
  // Suggestions come by plain fetch, not a fetcher: a fetcher's failed load (a dropped
  // connection, a session ended in another tab) would replace the whole page with the error
  // screen. Here it only says so, and the Search button still works.
  const [suggested, setSuggested] = useState<{ q: string; results: Recipient[] } | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [suggestFailed, setSuggestFailed] = useState(false);
  const inflight = useRef<AbortController | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const inputId = useId();
  const listId = useId();

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  const suggest = (value: string) => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setSuggesting(true);
    fetch(`${href("/salutes/recipients")}?q=${encodeURIComponent(value)}`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then((response) => (response.ok ? (response.json() as Promise<{ results: Recipient[] }>) : Promise.reject(new Error(String(response.status)))))
      .then((body) => {
        setSuggested({ q: value, results: body.results });
        setSuggestFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setSuggestFailed(true);
      })
      .finally(() => {
        if (inflight.current === controller) setSuggesting(false);
      });
  };

  if (recipient) {
    return (
      <div className="rounded-lg border border-glow-500 bg-glow-50 p-3 dark:bg-slate-900">
        <p>
          {t("picker.to")}{gapAfter(t("picker.to"))}<strong data-recipient-id={recipient.id}>{recipient.name}</strong>
          {recipient.username ? <span className="text-slate-600 dark:text-slate-400"> @{recipient.username}</span> : null}
        </p>
        <Link to={basePath} className="text-sm font-medium underline" aria-describedby={error ? "recipient-error" : undefined}>
          {t("picker.change")}
        </Link>
        <FieldError id="recipient-error" message={error} focusable />
      </div>
    );
  }

  // Suggestions for what is typed now; the server's results for a plain form search.
  const shown = suggested && typed.trim() && typed !== q ? suggested.results : results;
  return (
    <div className="space-y-2">
      <Form method="get" action={basePath} role="search" className="space-y-1">
        <label htmlFor={inputId} className="block font-medium">
          {t("picker.label")}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            name="q"
            type="search"
            autoComplete="off"
            defaultValue={q}
            maxLength={50}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "recipient-error" : undefined}
            aria-controls={listId}
            className={inputClass}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setTyped(value);
              window.clearTimeout(timer.current);
              if (value.trim().length === 0) return;
              timer.current = window.setTimeout(() => suggest(value), 200);
            }}
          />
          <button type="submit" className={secondaryButton}>
            {t("picker.search")}
          </button>
        </div>
        <FieldError id="recipient-error" message={error} />
      </Form>
      <div id={listId} aria-live="polite" aria-busy={suggesting || undefined}>
        {suggesting && typed.trim() ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("picker.searching")}</p> : null}
        {suggestFailed && !suggesting && typed.trim() ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-300">{t("picker.suggestionsFailed")}</p>
        ) : null}
        {shown && shown.length === 0 ? <p>{t("picker.none")}</p> : null}
        {shown && shown.length > 0 ? (
          <ul aria-label={t("picker.results")} className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {shown.map((r) => (
              <li key={r.id}>
                <Link to={`${basePath}?to=${r.id}`} className="block px-3 py-2 hover:bg-glow-50 dark:hover:bg-slate-900">
                  {r.name}
                  {r.username ? <span className="text-slate-600 dark:text-slate-400"> @{r.username}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
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
        className={`${inputClass} max-w-32`}
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
        className={inputClass}
        {...FIRST_FIELD}
      />
      <p id={`${id}-count`} className="text-sm text-slate-600 dark:text-slate-400">
        {t("message.count", { count: length, max: 280 })}
      </p>
      <FieldError id="message-error" message={error} />
    </div>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" tabIndex={-1} data-focus-on-error="" className="rounded-md border-l-4 border-red-600 bg-red-50 px-3 py-2 font-medium text-red-900 dark:bg-red-950 dark:text-red-100">
      {message}
    </p>
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
        <button type="submit" name="intent" value="hide" {...waitingButton(posting)} className={`${secondaryButton} aria-disabled:opacity-60`}>
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
          <select id={id} name="reason" className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm dark:bg-slate-900">
            {reportReasons.map((r) => (
              <option key={r} value={r}>
                {t(`received.reasons.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="intent" value="report" {...waitingButton(posting)} className={`${secondaryButton} aria-disabled:opacity-60`}>
          {t("received.report")}
        </button>
      </Form>
    </div>
  );
}
