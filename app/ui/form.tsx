/**
 * The pieces of a form around its fields (fields.tsx): the message for the whole form and
 * the row of its buttons. Forms stay plain HTML posts; these only draw.
 */
import type { ReactNode } from "react";

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
