import { useId } from "react";
import { useTranslation } from "~/platform/translations";
import { TextField } from "~/ui/fields";
import { gapBefore } from "~/ui/text-lang";
import { MEMBER_DETAIL_RULES as rules, USERNAME_FIELD_PATTERN } from "./rules";

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
  const hint = name === "username" || name === "zipcode" ? t(`hints.${name}`) : undefined;
  const label = (
    <>
      {t(`fields.${name}`)}
      {optional ? <span className="font-normal text-slate-600 dark:text-slate-400">{`${gapBefore(t("optional"))}${t("optional")}`}</span> : null}
    </>
  );
  return <TextField idPrefix={idPrefix} name={name} label={label} hint={hint} value={value} error={error} required={!optional} {...props} />;
}

/**
 * The member's own details, shared by /signup and /profile; keeps what was typed on refusal.
 * `errors`: each refused field's message, as the server answered it (FormAnswer).
 */
export function MemberDetailsFields({ values, errors }: { values: Values; errors: Record<string, string | undefined> }) {
  const id = useId();
  const field = (name: DetailName, props: DetailInputProps = {}, optional = false) => {
    const error = errors[name];
    return <DetailField idPrefix={id} name={name} value={values[name]} error={error} optional={optional} {...props} />;
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
