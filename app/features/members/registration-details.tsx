import { useId } from "react";
import { Form, useNavigation } from "react-router";
import type { FormAnswer } from "~/platform/form-answer";
import { useTranslation } from "~/platform/translations";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { primaryButton } from "~/ui/buttons";
import { PageHeading } from "~/ui/page";
import { DetailField, type DetailInputProps } from "./member-details-fields";
import { MEMBER_DETAIL_RULES as rules } from "./rules";

/** The submit button's intent that tells the Register page's last step from sign-in's steps. */
export const REGISTER_INTENT = "register";

type Values = Record<"firstName" | "lastName" | "zipcode", string>;

/** The Register screen's last step: the name other players see, and a zipcode (decision 0516). */
export function RegistrationDetails({ values, answer }: { values: Values; answer: FormAnswer | null }) {
  const { t } = useTranslation("auth");
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const form = useFocusFirstInvalid(answer);
  const shown = { ...values, ...answer?.values };
  const field = (name: keyof Values, props: DetailInputProps, optional = false) => (
    <DetailField idPrefix={id} name={name} value={shown[name]} error={answer?.errors[name]} optional={optional} {...props} />
  );
  return (
    <div className="mx-auto max-w-md space-y-6">
      <header className="space-y-2">
        <PageHeading>{t("register.detailsHeading")}</PageHeading>
        <p>{t("register.detailsIntro")}</p>
      </header>
      <Form ref={form} method="post" className="space-y-4">
        {field("firstName", { autoComplete: "given-name", maxLength: rules.nameMax })}
        {field("lastName", { autoComplete: "family-name", maxLength: rules.nameMax }, true)}
        {field("zipcode", { autoComplete: "postal-code", maxLength: rules.zipcodeMax })}
        <button type="submit" name="intent" value={REGISTER_INTENT} disabled={busy} className={`${primaryButton} disabled:cursor-wait`}>
          {t("register.finish")}
        </button>
      </Form>
    </div>
  );
}
