import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import type { Route } from "./+types/partybuilder";
import { requireMember } from "~/features/auth/principal.server";
import { buildParty } from "~/features/parties/parties.server";
import { ringleaderContests } from "~/features/parties/contests.server";
import { PARTY_REFUSALS } from "~/features/parties/refusals";
import { JOIN_POLICIES, PARTY_RULES } from "~/features/parties/rules";
import { BuildPartyForm } from "~/features/parties/schemas";
import { FieldError, mutedText, SelectField, TextField } from "~/ui/fields";
import { parseForm } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { usePosting, waitingButton } from "~/ui/pending";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";
import { FormError } from "~/ui/form";
import { primaryButton } from "~/ui/buttons";

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

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Quests")];

export default function PartyBuilder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const answer = useFormAnswer();
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
      <PageHeading>{t("builder.heading")}</PageHeading>
      <p>{t("builder.intro")}</p>
      <Form method="post" className="space-y-5" ref={form} aria-label={t("builder.heading")} noValidate>
        <FormError message={errors.form} />
        <SelectField
          name="contestId"
          label={t("builder.contest")}
          hint={loaderData.contests.length ? t("builder.contestHint") : t("builder.contestNone")}
          value={contestChoice}
          error={errors.contestId}
          options={[
            ...loaderData.contests.map((c) => ({
              value: c.id,
              label: c.party ? t("builder.contestTaken", { contest: c.name, party: c.party }) : c.name,
              disabled: Boolean(c.party),
            })),
            { value: "none", label: t("builder.friends") },
          ]}
        />
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
          min={PARTY_RULES.capMin}
          max={PARTY_RULES.capMax}
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
