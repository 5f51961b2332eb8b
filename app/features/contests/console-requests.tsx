/**
 * Who asks and who is asked, on the console (loaded later, console-occasional.ts): the
 * dialog of members' requests and questions, and the invitations to judge or lead a party.
 */
import { Form } from "react-router";
import { useTranslation } from "~/platform/translations";
import type { FormAnswer } from "~/platform/form-answer";
import { dangerButton, primaryButton, secondaryButton } from "~/ui/buttons";
import { SelectField, TextField } from "~/ui/fields";
import { FormError, SubmitRow } from "~/ui/form";
import { Section } from "~/ui/section";
import { cardClass } from "~/ui/looks";
import { Notice } from "~/ui/notice";
import { answerFor, useSelf, type ConsoleView } from "./console-page";
import { CONTEST_RULES } from "./rules";

export function RequestModal({ view, answer }: { view: ConsoleView; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-4">
      <section role="dialog" aria-modal="true" aria-labelledby="requests-heading" className="w-full max-w-2xl space-y-4 rounded-lg bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100">
        <div className="flex items-center justify-between gap-3">
          <h2 id="requests-heading" className="text-2xl font-semibold">
            {t("requests.heading")}
          </h2>
          <a href={self} className={secondaryButton} autoFocus>
            {t("requests.close")}
          </a>
        </div>
        {view.requests.length === 0 ? <p>{t("requests.none")}</p> : null}
        {view.flagged.length ? (
          <Notice tone="warn" title={t("requests.flagged")}>
            <ul className="list-disc pl-5">
              {view.flagged.map((f) => (
                <li key={f.entryId}>{t("requests.flaggedEntry", { party: f.party, count: f.skips })}</li>
              ))}
            </ul>
          </Notice>
        ) : null}
        <ul className="space-y-3">
          {view.requests.map((r) => {
            const mine = answerFor(answer, "answer", ["requestId", r.id]);
            return (
              <li key={r.id} className={cardClass} data-testid="request">
                <p className="font-medium">{t(`requests.kind.${r.kind}`, { name: r.member, role: r.role ? t(`roles.${r.role}`) : "" })}</p>
                {r.message ? <p className="whitespace-pre-line">{r.message}</p> : null}
                <Form method="post" action={self} className="mt-2 space-y-2">
                  <input type="hidden" name="intent" value="answer" />
                  <input type="hidden" name="requestId" value={r.id} />
                  <TextField
                    id={`answer-${r.id}`}
                    name="text"
                    label={r.kind === "question" ? t("requests.reply") : t("requests.reason")}
                    multiline
                    rows={2}
                    maxLength={CONTEST_RULES.questionMax}
                    value={mine?.values.text}
                    error={mine?.errors.text}
                  />
                  <FormError message={mine?.errors.form} />
                  <SubmitRow>
                    {r.kind === "question" ? (
                      <button type="submit" name="decision" value="reply" className={primaryButton}>
                        {t("requests.sendReply")}
                      </button>
                    ) : (
                      <>
                        <button type="submit" name="decision" value="accept" className={primaryButton}>
                          {t("requests.accept")}
                        </button>
                        <button type="submit" name="decision" value="decline" className={dangerButton}>
                          {t("requests.decline")}
                        </button>
                      </>
                    )}
                  </SubmitRow>
                </Form>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

export function Invites({ view, answer }: { view: ConsoleView; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  const v = answer?.values;
  return (
    <Section id="invites" heading={t("invite.heading")} prominent className={cardClass}>
      <Form method="post" action={self} className="space-y-3">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="contestId" value={view.contest.id} />
        <FormError message={answer?.errors.form} />
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            idPrefix="invite"
            name="role"
            label={t("invite.role")}
            value={v?.role ?? "judge"}
            options={[
              { value: "judge", label: t("roles.judge") },
              { value: "ringleader", label: t("roles.ringleader") },
            ]}
          />
          <TextField idPrefix="invite" name="email" type="email" label={t("invite.email")} hint={t("invite.emailHint")} value={v?.email} error={answer?.errors.email} autoComplete="email" />
          <SelectField
            idPrefix="invite"
            name="language"
            label={t("invite.language")}
            value={v?.language ?? "en"}
            // Each language named in itself, whatever the page's language.
            options={[
              { value: "en", label: "English", lang: "en" },
              { value: "zh", label: "中文", lang: "zh-Hans" },
            ]}
          />
        </div>
        <SubmitRow>
          <button type="submit" name="channel" value="email" className={primaryButton}>
            {t("invite.byEmail")}
          </button>
          <button type="submit" name="channel" value="link" className={secondaryButton}>
            {t("invite.byLink")}
          </button>
        </SubmitRow>
      </Form>
      {view.invites.length ? (
        <ul className="space-y-1" data-testid="role-invites">
          {view.invites.map((i) => (
            <li key={i.id} className="text-sm">
              {t(`roles.${i.role}`)} · {i.email ?? t(`invite.channel.${i.channel}`)} · {t(`invite.status.${i.status}`)}
              {i.acceptedBy ? ` · ${i.acceptedBy}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
