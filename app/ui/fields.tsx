/**
 * Labelled form fields, one shape for every form: the label, a hint under it, the control,
 * and the field's error below. The control is `aria-invalid` while it has an error and names
 * its error and hint in `aria-describedby` (the error first: what is wrong is read before
 * the advice). Values are `defaultValue`s, so a refused post that answers with what was
 * typed puts it back, with JavaScript or without.
 */
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** A control's look (`.field` in app.css: border, colours, focus ring) with room inside. */
export const fieldClass = "field px-3 py-2";
/** The same, smaller: a control in a row of others (a report's reason, a creator's options). */
export const compactFieldClass = "field px-2 py-1.5";
/** The same, larger: the one field a screen is about (a phone number, a code to type). */
export const largeFieldClass = "field px-3 py-2 text-lg";
export const mutedText = "text-sm text-slate-700 dark:text-slate-300";

/**
 * A field's error; its control names it in `aria-describedby` and is `aria-invalid`. An error
 * with no control of its own to focus (a group of radios) is `focusable`: a refusal focuses it.
 * On a form that moves no focus when refused (a one-field form that keeps the member where
 * they typed), `alert` has a screen reader read the error out as it appears.
 */
export function FieldError({ id, message, focusable = false, alert = false }: { id: string; message?: string | null; focusable?: boolean; alert?: boolean }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role={alert ? "alert" : undefined}
      className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
      {...(focusable ? { tabIndex: -1, "data-focus-on-error": "" } : {})}
    >
      {message}
    </p>
  );
}

interface FieldFrame {
  /** The control's `name`, also the end of its id. */
  name: string;
  /** The id's start: `${idPrefix}-${name}`, unique where a page has several forms of the same fields. */
  idPrefix?: string;
  /** The control's whole id, where it is not `${idPrefix}-${name}`. */
  id?: string;
  label: ReactNode;
  hint?: string;
  error?: string | null;
  /** The wrapper's classes (grid placement and the like). */
  className?: string;
  /** More classes for the control itself, after its look (a code's large spaced letters). */
  controlClassName?: string;
  /** A button beside the control, in one row with it (a code typed and claimed at once). */
  action?: ReactNode;
  /** The error is read out as it appears: the form moves no focus when refused. */
  announceError?: boolean;
}

/**
 * A field's frame taken from its props, the rest left for the control, and what the control
 * carries: its id and name, the value to show, and its ties to the error and the hint.
 */
function splitField<P extends FieldFrame>(
  { name, idPrefix = "field", id: given, label, hint, error, className, controlClassName, action, announceError, ...control }: P,
  value: string | number | null | undefined,
) {
  const id = given ?? `${idPrefix}-${name}`;
  const ids = { id, hintId: `${id}-hint`, errorId: `${id}-error` };
  const tied = {
    id,
    name,
    defaultValue: value ?? undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [error ? ids.errorId : null, hint ? ids.hintId : null].filter(Boolean).join(" ") || undefined,
    // Beside a button the control takes the row's room, not the whole width under the hint.
    className: [fieldClass, action ? "mt-0 w-auto min-w-0 flex-1" : null, controlClassName].filter(Boolean).join(" "),
  };
  return { frame: { label, hint, error, className, action, announceError, ...ids }, tied, control };
}

function Frame({
  label,
  hint,
  error,
  className,
  action,
  announceError,
  id,
  hintId,
  errorId,
  children,
}: Pick<FieldFrame, "label" | "hint" | "error" | "className" | "action" | "announceError"> & { id: string; hintId: string; errorId: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={mutedText}>
          {hint}
        </p>
      ) : null}
      {action ? (
        <div className="mt-1 flex flex-wrap gap-2">
          {children}
          {action}
        </div>
      ) : (
        children
      )}
      <FieldError id={errorId} message={error} alert={announceError} />
    </div>
  );
}

type ControlProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "value" | "defaultValue" | "className" | "children"> & {
  /** The input itself, for a screen that empties it (a refused password). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled text field: an `<input>` (any text-like `type`), or a three-row `<textarea>`
 * when `multiline`. Other attributes (`required`, `maxLength`, `autoComplete`, `pattern`…)
 * go to the control; `autoComplete` is "off" unless given, as most of Glow's fields are the
 * game's words, not the browser's to fill.
 */
export function TextField({
  value,
  multiline = false,
  rows = 3,
  ...props
}: FieldFrame & ControlProps & { value?: string | null; multiline?: boolean; /** A textarea's height in lines. */ rows?: number }) {
  const { frame, tied, control } = splitField(props, value);
  const { type = "text", autoComplete = "off", min, max, step, ...both } = control;
  return (
    <Frame {...frame}>
      {multiline ? (
        // What is left once the input-only attributes are taken out (required, maxLength,
        // minLength, placeholder, spellCheck…) means the same on a textarea.
        <textarea rows={rows} {...(both as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...tied} />
      ) : (
        <input type={type} autoComplete={autoComplete} min={min} max={max} step={step} {...both} {...tied} />
      )}
    </Frame>
  );
}

/** One choice of a `SelectField`. */
export interface SelectOption {
  value: string | number;
  label: string;
  /** The choice's language where it is not the page's (a member's words, decision 0407). */
  lang?: string;
  disabled?: boolean;
}

/** Choices of a `SelectField` under a name of their own (an `<optgroup>`: a party's members). */
export interface SelectGroup {
  group: string;
  options: readonly SelectOption[];
}

const optionOf = (o: SelectOption) => (
  <option key={o.value} value={o.value} lang={o.lang} disabled={o.disabled}>
    {o.label}
  </option>
);

/** A labelled `<select>`, with its hint and error tied as a text field's are. */
export function SelectField({
  value,
  options,
  ...props
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "value" | "defaultValue" | "className" | "children"> & {
    value?: string | number | null;
    options: readonly (SelectOption | SelectGroup)[];
  }) {
  const { frame, tied, control } = splitField(props, value);
  return (
    <Frame {...frame}>
      <select {...control} {...tied}>
        {options.map((o, i) =>
          // Two groups may bear one name (two parties called the same); their place tells them apart.
          "group" in o ? (
            <optgroup key={`group:${i}`} label={o.group}>
              {o.options.map(optionOf)}
            </optgroup>
          ) : (
            optionOf(o)
          ),
        )}
      </select>
    </Frame>
  );
}
