/**
 * The game master's overrides on the console (loaded later, console-occasional.ts): reopen a
 * round, remove an entry, reassign a party's ringleader, admit a late entry, each with the
 * reason the audit trail keeps; and that trail.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/platform/translations";
import type { FormAnswer } from "~/platform/form-answer";
import { dangerButton, secondaryButton } from "~/ui/buttons";
import { mutedText, SelectField, TextField } from "~/ui/fields";
import { FormError } from "~/ui/form";
import { Section } from "~/ui/section";
import { cardClass } from "~/ui/looks";
import { answerFor, useSelf, type ConsoleView } from "./console-page";
import { CONTEST_RULES } from "./rules";

/** One override's form: its heading, its fields, the reason, the refusal and the button. */
function OverrideForm({
  intent,
  idPrefix,
  heading,
  answer,
  submit,
  danger = false,
  testId,
  children,
}: {
  intent: string;
  /** The start of its fields' ids: the console may show all four forms at once. */
  idPrefix: string;
  heading: string;
  answer?: FormAnswer;
  submit: string;
  danger?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("contests");
  const self = useSelf();
  return (
    <Form method="post" action={self} className="space-y-2" data-testid={testId}>
      <h3 className="font-semibold">{heading}</h3>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <TextField
        idPrefix={idPrefix}
        name="reason"
        label={t("overrides.reason")}
        hint={t("overrides.reasonHint")}
        value={answer?.values.reason}
        error={answer?.errors.reason}
        required
        maxLength={CONTEST_RULES.reasonMax}
      />
      <FormError message={answer?.errors.form} />
      <button type="submit" className={danger ? dangerButton : secondaryButton}>
        {submit}
      </button>
    </Form>
  );
}

export function Overrides({ view, answer }: { view: ConsoleView; answer?: FormAnswer }) {
  const { t } = useTranslation("contests");
  const judging = view.rounds.filter((r) => r.state === "judging");
  const live = view.rounds.filter((r) => r.state === "open" || r.state === "judging");
  const roundOptions = (rounds: typeof live) => rounds.map((r) => ({ value: r.id, label: t("rounds.title", { n: r.number }) }));
  const reassign = answerFor(answer, "reassign-ringleader");
  const admit = answerFor(answer, "admit-late");
  const teams = view.rosters.filter((p) => p.members.length > 1);
  return (
    <Section id="overrides" heading={t("overrides.heading")} prominent className={cardClass}>
      <p className={mutedText}>{t("overrides.explain")}</p>
      {judging.length ? (
        <OverrideForm intent="reopen-round" idPrefix="reopen" heading={t("overrides.reopen")} answer={answerFor(answer, "reopen-round")} submit={t("overrides.reopenSubmit")}>
          <SelectField id="reopen-round" name="roundId" label={t("overrides.round")} options={roundOptions(judging)} />
        </OverrideForm>
      ) : null}
      {live.some((r) => r.entries.length) ? (
        <OverrideForm intent="remove-entry" idPrefix="remove" heading={t("overrides.remove")} answer={answerFor(answer, "remove-entry")} submit={t("overrides.removeSubmit")} danger>
          <SelectField
            id="remove-entry"
            name="entryId"
            label={t("overrides.entry")}
            options={live.flatMap((r) => r.entries.map((e) => ({ value: e.id, label: `${t("rounds.title", { n: r.number })} · ${e.party}` })))}
          />
        </OverrideForm>
      ) : null}
      {teams.length ? (
        <OverrideForm intent="reassign-ringleader" idPrefix="reassign" heading={t("overrides.reassign")} answer={reassign} submit={t("overrides.reassignSubmit")} testId="reassign-ringleader">
          <SelectField
            idPrefix="reassign"
            name="choice"
            label={t("overrides.newRingleader")}
            value={reassign?.values.choice}
            error={reassign?.errors.choice}
            options={teams.map((p) => ({
              group: p.name,
              options: p.members.map((m) => ({
                value: `${p.id}:${m.id}`,
                label: m.role === "ringleader" ? t("overrides.memberLeads", { name: m.name, party: p.name }) : t("overrides.memberOf", { name: m.name, party: p.name }),
              })),
            }))}
          />
        </OverrideForm>
      ) : null}
      {live.length && view.parties.length ? (
        <OverrideForm intent="admit-late" idPrefix="admit" heading={t("overrides.admit")} answer={admit} submit={t("overrides.admitSubmit")}>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField id="admit-round" name="roundId" label={t("overrides.round")} value={admit?.values.roundId} options={roundOptions(live)} />
            <SelectField id="admit-party" name="partyId" label={t("overrides.party")} value={admit?.values.partyId} options={view.parties.map((p) => ({ value: p.id, label: p.name }))} />
          </div>
          <TextField
            idPrefix="admit"
            name="text"
            label={t("overrides.entryText")}
            multiline
            rows={2}
            maxLength={CONTEST_RULES.entryMax}
            value={admit?.values.text}
            error={admit?.errors.text}
          />
        </OverrideForm>
      ) : null}
    </Section>
  );
}

export function AuditTrail({ view }: { view: ConsoleView }) {
  const { t } = useTranslation("contests");
  return (
    <Section id="audit" heading={t("audit.heading")} prominent className={cardClass}>
      {view.audit.length === 0 ? (
        <p>{t("audit.none")}</p>
      ) : (
        <ul className="space-y-1" data-testid="audit-trail">
          {view.audit.map((a) => (
            <li key={a.id} className="text-sm">
              <span className="font-medium">{t(`audit.action.${a.action}`)}</span> · {a.subject}
              {a.reason ? ` · “${a.reason}”` : ""} · {a.actor ?? ""} · {a.atText}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
