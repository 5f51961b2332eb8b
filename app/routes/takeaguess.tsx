import { useCallback } from "react";
import { useTranslation } from "~/platform/translations";
import { data, Form, Link, href } from "react-router";
import type { Route } from "./+types/takeaguess";
import { requireMember } from "~/features/auth/principal.server";
import { formKey, guessRefusals, guessToast, GuessIntent } from "~/features/guesses/guess-form.server";
import { cardForMember, takeAGuess, takeHint } from "~/features/guesses/guesses.server";
import { Shown } from "~/features/quests/ui";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { cardName, shortGuess } from "~/ui/kept-posts";
import { OfflineOutbox, useKeptSubmit } from "~/ui/offline-outbox";
import { usePosting, waitingButton } from "~/ui/pending";
import { pageTitle } from "~/ui/page";
import { errorTitle, RouteErrorBoundary } from "~/ui/route-error-boundary";
import { useFormAnswer } from "~/ui/form-answer";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { TextField } from "~/ui/fields";
import { PostButton } from "~/ui/form";

export const handle = { i18n: ["guesses", "quests", "offline"] };

/**
 * Take a Guess. Members only: an anonymous visitor signs in and is brought back here (the
 * stored return path).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const me = await requireMember(context);
  const card = await cardForMember(params.cardID, me.member.id, getLocale(context));
  if (!card) throw data(null, { status: 404 });
  return { title: getInstance(context).t("guesses:title"), card, key: formKey() };
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => (error ? errorTitle(matches) : [pageTitle(loaderData?.title, "Take a Guess")]);

/** Not there, or not theirs: the 404 or 403 screen inside the page's frame. */
export const ErrorBoundary = RouteErrorBoundary;

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const form = await parseForm(request, GuessIntent);
  if (!form.ok) return invalid({ request, context }, form);
  const page = `/takeaguess/${encodeURIComponent(params.cardID)}`;
  if (form.data.intent === "hint") {
    return respond({ request, context }, await takeHint(me.member.id, params.cardID, form.data.hint), {
      values: form.values,
      done: (hint, t) => ({ redirectTo: `${page}#hints`, toast: t("guesses:toast.hint", { count: hint.cost }) }),
      refusals: guessRefusals,
    });
  }
  const outcome = await takeAGuess({ memberId: me.member.id, cardId: params.cardID, guess: form.data.guess, key: form.data.key });
  return respond({ request, context }, outcome, {
    values: form.values,
    done: (result, t) => ({ redirectTo: page, toast: guessToast(result, t), result }),
    refusals: guessRefusals,
  });
}

export default function TakeAGuess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("guesses");
  const { card } = loaderData;
  const answer = useFormAnswer();
  const error = answer?.errors.guess ?? answer?.errors.form;
  const guessing = usePosting(`/takeaguess/${card.id}`, { intent: "guess" });
  const keep = useKeptSubmit(
    useCallback((fields: Record<string, string>) => t("keptLabel", { guess: shortGuess(fields.guess ?? ""), card: cardName(card.id) }), [t, card.id]),
    `/guesses/${encodeURIComponent(card.id)}`,
  );
  const last = card.attempts.at(-1);
  return (
    <article aria-labelledby="guess-heading" className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-glow-700 dark:text-glow-300">{t("heading")}</p>
        <h1 id="guess-heading" className="font-righteous text-2xl sm:text-3xl">
          <Shown text={card.question} />
        </h1>
        {card.image ? <img src={card.image.url} alt={card.image.alt.text} lang={card.image.alt.lang} width={320} height={200} className="h-auto max-w-full rounded-xl" /> : null}
        <p className="text-sm">{card.solved ? null : t("worth", { count: card.worth })}</p>
      </header>

      <OfflineOutbox />

      {card.solved ? (
        <section aria-labelledby="solved-heading" className="rounded-2xl border-2 border-glow-500 bg-glow-50 p-5 dark:bg-slate-900">
          <h2 id="solved-heading" className="text-xl font-bold">
            {t("solved.heading")}
          </h2>
          <p>{t("solved.text", { guess: card.solved.guess, count: card.solved.points })}</p>
        </section>
      ) : card.attemptsLeft === 0 ? (
        <p role="status" className="font-semibold">
          {t("outOfAttempts")}
        </p>
      ) : (
        <Form method="post" onSubmit={keep} className="space-y-2">
          <input type="hidden" name="intent" value="guess" />
          <input type="hidden" name="key" value={loaderData.key} />
          {last && last.verdict !== "right" ? (
            <p role="status" className={last.verdict === "close" ? "font-semibold text-amber-800 dark:text-amber-300" : "text-slate-700 dark:text-slate-300"}>
              {t(last.verdict === "close" ? "lastClose" : "lastWrong", { guess: last.guess })}
            </p>
          ) : null}
          <TextField
            id="guess"
            name="guess"
            label={t("label")}
            hint={`${card.numeric ? t("helpNumber") : t("help")} ${t("attemptsLeft", { count: card.attemptsLeft })}`}
            value={answer?.values.guess ?? ""}
            error={error}
            announceError
            required
            maxLength={200}
            inputMode={card.numeric ? "decimal" : undefined}
            action={
              <button type="submit" {...waitingButton(guessing)} className={primaryButton}>
                {t("submit")}
              </button>
            }
          />
        </Form>
      )}

      {card.hints.length > 0 ? (
        <section id="hints" aria-labelledby="hints-heading" className="space-y-2">
          <h2 id="hints-heading" className="text-lg font-semibold">
            {t("hints.heading")}
          </h2>
          <ul className="space-y-2">
            {card.hints.map((hint) => (
              <li key={hint.index}>
                {hint.text ? (
                  <Shown as="p" text={hint.text} className="italic" />
                ) : card.solved ? null : (
                  <PostButton fields={{ intent: "hint", hint: hint.index }} className={secondaryButton}>
                    {t("hints.take", { count: hint.cost })}
                  </PostButton>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {card.attempts.length > 0 ? (
        <section aria-labelledby="attempts-heading" className="space-y-1">
          <h2 id="attempts-heading" className="text-lg font-semibold">
            {t("attempts.heading")}
          </h2>
          <ol className="list-decimal ps-6">
            {card.attempts.map((attempt, i) => (
              <li key={i}>
                {t(`attempts.${attempt.verdict}`, { guess: attempt.guess })}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <p>
        <Link to={href("/playquest")} className="underline">
          {t("back")}
        </Link>
      </p>
    </article>
  );
}
