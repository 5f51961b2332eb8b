import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, Link, href } from "react-router";
import { gapAfter } from "~/ui/text-lang";
import type { Recipient } from "./recipients.server";
import { FieldError, fieldClass } from "~/ui/fields";
import { secondaryButton } from "~/ui/buttons";

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
            className={fieldClass}
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
