/** The salute screens' field styles and field error, shared by the recipient picker and the forms. */
export const inputClass =
  "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
export const primaryButton =
  "rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900 disabled:opacity-60";
export const secondaryButton = "rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium";

/** A field's error; the field names it first in its `aria-describedby` and is `aria-invalid`. */
export function FieldError({ id, message, focusable = false }: { id: string; message?: string; focusable?: boolean }) {
  if (!message) return null;
  return (
    <p
      id={id}
      className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
      // An error with no field of its own to focus takes the focus itself.
      {...(focusable ? { tabIndex: -1, "data-focus-on-error": "" } : {})}
    >
      {message}
    </p>
  );
}
