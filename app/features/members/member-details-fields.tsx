import { useId } from "react";
import { useTranslation } from "~/platform/translations";
import { gapBefore } from "~/ui/text-lang";
import { MEMBER_DETAIL_RULES as rules, USERNAME_FIELD_PATTERN } from "./rules";

type Values = Record<"firstName" | "lastName" | "username" | "email" | "zipcode", string>;

const inputClass =
  "field px-3 py-2";

/**
 * The member's own details, shared by /signup and /profile; keeps what was typed on refusal.
 * `errors`: each refused field's message, as the server answered it (FormAnswer).
 */
export function MemberDetailsFields({ values, errors }: { values: Values; errors: Record<string, string | undefined> }) {
  const { t } = useTranslation("profile");
  const id = useId();
  const field = (
    name: keyof Values,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
    optional = false,
  ) => {
    const inputId = `${id}-${name}`;
    const error = errors[name];
    const hint = name === "username" || name === "zipcode" ? t(`hints.${name}`) : "";
    const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ");
    return (
      <div>
        <label htmlFor={inputId} className="block font-medium">
          {t(`fields.${name}`)}
          {optional ? <span className="font-normal text-slate-600 dark:text-slate-400">{`${gapBefore(t("optional"))}${t("optional")}`}</span> : null}
        </label>
        <input
          id={inputId}
          name={name}
          defaultValue={values[name]}
          required={!optional}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={inputClass}
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
    <div className="grid gap-4 sm:grid-cols-2">
      {field("firstName", { autoComplete: "given-name", maxLength: rules.nameMax })}
      {field("lastName", { autoComplete: "family-name", maxLength: rules.nameMax }, true)}
      {field("username", {
        autoComplete: "username",
        minLength: rules.usernameMin,
        maxLength: rules.usernameMax,
        pattern: USERNAME_FIELD_PATTERN,
        spellCheck: false,
        autoCapitalize: "none",
      })}
      {field("email", { type: "email", autoComplete: "email", maxLength: rules.emailMax })}
      {field("zipcode", { autoComplete: "postal-code", maxLength: rules.zipcodeMax })}
    </div>
  );
}
