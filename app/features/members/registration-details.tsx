import { useId } from "react";
import { Form, useNavigation } from "react-router";
import type { FormAnswer } from "~/platform/form-answer";
import { useTranslation } from "~/platform/translations";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { gapBefore } from "~/ui/text-lang";

/** The submit button's intent that tells the Register page's last step from sign-in's steps. */
export const REGISTER_INTENT = "register";

type Values = Record<"firstName" | "lastName" | "zipcode", string>;

/** The Register screen's last step: the name other players see, and a zipcode (decision 0516). */
export function RegistrationDetails({ values, answer }: { values: Values; answer: FormAnswer | null }) {
  const { t } = useTranslation("auth");
  const { t: tp } = useTranslation("profile");
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const form = useFocusFirstInvalid(answer);
  const shown = { ...values, ...answer?.values };
  const field = (name: keyof Values, props: React.InputHTMLAttributes<HTMLInputElement>, optional = false) => {
    const inputId = `${id}-${name}`;
    const error = answer?.errors[name];
    const hint = name === "zipcode" ? tp("hints.zipcode") : "";
    const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ");
    return (
      <div>
        <label htmlFor={inputId} className="block font-medium">
          {tp(`fields.${name}`)}
          {optional ? <span className="font-normal text-slate-600 dark:text-slate-400">{`${gapBefore(tp("optional"))}${tp("optional")}`}</span> : null}
        </label>
        <input
          id={inputId}
          name={name}
          defaultValue={shown[name]}
          required={!optional}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="field px-3 py-2"
          {...props}
        />
        {hint ? (
          <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="mx-auto max-w-md space-y-6">
      <header className="space-y-2">
        <h1 className="font-righteous text-3xl text-glow-700 dark:text-glow-300">{t("register.detailsHeading")}</h1>
        <p>{t("register.detailsIntro")}</p>
      </header>
      <Form ref={form} method="post" className="space-y-4">
        {field("firstName", { autoComplete: "given-name", maxLength: 50 })}
        {field("lastName", { autoComplete: "family-name", maxLength: 50 }, true)}
        {field("zipcode", { autoComplete: "postal-code", maxLength: 10 })}
        <button
          type="submit"
          name="intent"
          value={REGISTER_INTENT}
          disabled={busy}
          className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900 disabled:cursor-wait disabled:opacity-70"
        >
          {t("register.finish")}
        </button>
      </Form>
    </div>
  );
}
