import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import type { Route } from "./+types/partybuilder";
import { requireMember } from "~/features/auth/principal.server";
import { buildParty } from "~/features/parties/parties.server";
import { ringleaderContests } from "~/features/parties/contests.server";
import { PARTY_REFUSALS } from "~/features/parties/refusals";
import { JOIN_POLICIES, PARTY_RULES } from "~/features/parties/rules";
import { BuildPartyForm } from "~/features/parties/schemas";
import { FieldError, FormError, headingClass, inputClass, mutedText, primaryButton, TextField } from "~/features/parties/ui";
import { parseForm } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { invalid, respond, type FormAnswer } from "~/platform/respond.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { usePosting, waitingButton } from "~/ui/pending";

export const handle = { i18n: ["parties"] };

export async function loader({ context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  return {
    title: getInstance(context).t("parties:builder.title"),
    contests: await ringleaderContests(current.roles, current.member.id),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireMember(context);
  const form = await parseForm(request, BuildPartyForm);
  if (!form.ok) return invalid({ request, context }, form);
  return respond({ request, context }, await buildParty(current, form.data), {
    values: form.values,
    done: ({ partyId }, t) => ({
      redirectTo: `${href("/partymanager")}?party=${partyId}`,
      toast: t("parties:toast.built", { party: form.data.name }),
    }),
    refusals: PARTY_REFUSALS,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Quests"} · Glow` }];

export default function PartyBuilder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const answer = actionData as FormAnswer | undefined;
  const values = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  const form = useFocusFirstInvalid<HTMLFormElement>(answer);
  const posting = usePosting(href("/partybuilder"));
  const policy = values.joinPolicy ?? "invite";
  // The first contest where the member is in no party yet, else a friends' party.
  const open = loaderData.contests.find((c) => !c.party);
  const contestChoice = values.contestId ?? (open ? String(open.id) : "none");
  return (
    <div className="space-y-5">
      <h1 className={headingClass}>{t("builder.heading")}</h1>
      <p>{t("builder.intro")}</p>
      <Form method="post" className="space-y-5" ref={form} aria-label={t("builder.heading")} noValidate>
        <FormError message={errors.form} />
        <div>
          <label htmlFor="field-contestId" className="block font-medium">
            {t("builder.contest")}
          </label>
          <p id="field-contestId-hint" className={mutedText}>
            {loaderData.contests.length ? t("builder.contestHint") : t("builder.contestNone")}
          </p>
          <select
            id="field-contestId"
            name="contestId"
            defaultValue={contestChoice}
            aria-invalid={errors.contestId ? true : undefined}
            aria-describedby={errors.contestId ? "field-contestId-error field-contestId-hint" : "field-contestId-hint"}
            className={`${inputClass} mt-1`}
          >
            {loaderData.contests.map((c) => (
              <option key={c.id} value={c.id} disabled={Boolean(c.party)}>
                {c.party ? t("builder.contestTaken", { contest: c.name, party: c.party }) : c.name}
              </option>
            ))}
            <option value="none">{t("builder.friends")}</option>
          </select>
          <FieldError id="field-contestId-error" message={errors.contestId} />
        </div>
        <TextField name="name" label={t("builder.name")} value={values.name} error={errors.name} required maxLength={PARTY_RULES.nameMax + 20} />
        <TextField name="motto" label={t("builder.motto")} hint={t("builder.mottoHint")} value={values.motto} error={errors.motto} maxLength={PARTY_RULES.mottoMax + 40} />
        <TextField
          name="zipcode"
          label={t("builder.zipcode")}
          hint={t("builder.zipcodeHint")}
          value={values.zipcode}
          error={errors.zipcode}
          autoComplete="postal-code"
          maxLength={PARTY_RULES.zipcodeMax + 10}
        />
        <TextField
          name="cap"
          type="number"
          label={t("builder.cap")}
          hint={t("builder.capHint", { min: PARTY_RULES.capMin, max: PARTY_RULES.capMax })}
          value={values.cap ?? String(PARTY_RULES.capDefault)}
          error={errors.cap}
          inputMode="numeric"
          extra={{ min: PARTY_RULES.capMin, max: PARTY_RULES.capMax }}
        />
        <fieldset aria-describedby={errors.joinPolicy ? "field-joinPolicy-error" : undefined}>
          <legend className="font-medium">{t("builder.joinPolicy")}</legend>
          <div className="mt-2 space-y-2">
            {JOIN_POLICIES.map((p) => (
              <label key={p} className="flex items-start gap-2">
                <input type="radio" name="joinPolicy" value={p} defaultChecked={policy === p} className="mt-1" />
                <span>
                  <span className="font-medium">{t(`policy.${p}.name`)}</span>
                  <span className={`block ${mutedText}`}>{t(`policy.${p}.explain`)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="field-joinPolicy-error" message={errors.joinPolicy} />
        </fieldset>
        <button type="submit" className={primaryButton} {...waitingButton(posting)}>
          {posting ? t("builder.building") : t("builder.submit")}
        </button>
      </Form>
    </div>
  );
}
