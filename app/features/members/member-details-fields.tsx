import { useId } from "react";
import { useTranslation } from "~/platform/translations";
import type { FieldErrors } from "~/features/avatars/look";
import { gapBefore } from "~/ui/text-lang";
import type { KeyIn } from "~/locales/types";

type Values = Record<"firstName" | "lastName" | "username" | "email" | "zipcode", string>;

type DetailName = keyof Values;
/** What a detail field passes on to its <input> (its name, id and value are the field's own). */
export type DetailInputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "value" | "defaultValue">;

/**
 * One labelled detail field with its hint and its (translated) error, for every form that
 * asks for a member's details: /signup, /profile and /register's last step.
 */
export function DetailField({
  idPrefix,
  name,
  value,
  error,
  optional = false,
  ...props
}: { idPrefix: string; name: DetailName; value: string; error?: string | null; optional?: boolean } & DetailInputProps) {
  const { t } = useTranslation("profile");
  const inputId = `${idPrefix}-${name}`;
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
        defaultValue={value}
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
}

/** The member's own details, shared by /signup and /profile; keeps what was typed on refusal. */
export function MemberDetailsFields({ values, errors }: { values: Values; errors: FieldErrors }) {
  const { t } = useTranslation("profile");
  const id = useId();
  const field = (name: DetailName, props: DetailInputProps = {}, optional = false) => {
    const error = errors[name];
    // A key the server chose (profile.server.ts).
    const text = error ? t(error.key as KeyIn<"profile">, error.values) : null;
    return <DetailField idPrefix={id} name={name} value={values[name]} error={text} optional={optional} {...props} />;
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field("firstName", { autoComplete: "given-name", maxLength: 50 })}
      {field("lastName", { autoComplete: "family-name", maxLength: 50 }, true)}
      {field("username", { autoComplete: "username", minLength: 3, maxLength: 20, pattern: "[A-Za-z0-9_\\-]{3,20}", spellCheck: false, autoCapitalize: "none" })}
      {field("email", { type: "email", autoComplete: "email", maxLength: 254 })}
      {field("zipcode", { autoComplete: "postal-code", maxLength: 10 })}
    </div>
  );
}
