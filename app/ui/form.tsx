/**
 * The pieces of a form around its fields (fields.tsx): the message for the whole form, the
 * row of its buttons, and a form that is one button. Forms stay plain HTML posts; these only draw.
 */
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Form } from "react-router";

/**
 * What the server said about the whole form (not one field), above the fields. `role=alert`
 * reads it out when it appears; a refusal focuses it (`data-focus-on-error`, for
 * `useFocusFirstInvalid`) where no field is marked invalid before it.
 */
export function FormError({ message, id }: { message?: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      tabIndex={-1}
      data-focus-on-error=""
      className="rounded-md border border-red-700 bg-red-50 px-3 py-2 font-medium text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      {message}
    </p>
  );
}

/** A form's buttons, in one row that wraps on a narrow screen; the first is the form's main action. */
export function SubmitRow({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={`flex flex-wrap items-center gap-3${className ? ` ${className}` : ""}`}>{children}</div>;
}

/**
 * A form that is one button: pressing it posts the hidden fields that say what it does (its
 * intent) and to what (a quest's id, a hint's number). For an action on one item of a list
 * (skip a quest, take a hint, duplicate a row). It posts to the page itself unless `action`
 * names another; the button's look and label are the caller's.
 */
export function PostButton({
  fields,
  action,
  preventScrollReset,
  children,
  ...button
}: {
  /** The hidden fields, posted in this order: `{ intent: "skip", runId: 7 }`. */
  fields: Readonly<Record<string, string | number>>;
  action?: string;
  /** The page stays where it was scrolled when the answer comes back (with JavaScript). */
  preventScrollReset?: boolean;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "form" | "name" | "value" | "children">) {
  return (
    <Form method="post" action={action} preventScrollReset={preventScrollReset}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" {...button}>
        {children}
      </button>
    </Form>
  );
}
