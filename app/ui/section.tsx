/**
 * A part of a screen under its own heading: a `<section>` named by its `<h2>`, so a screen
 * reader lists it among the page's regions and its heading among the headings.
 */
import type { ReactNode } from "react";

export function Section({
  id,
  heading,
  framed = false,
  className,
  children,
}: {
  /** The section's id (a link's `#id` lands on it); its heading's id is `${id}-heading`. */
  id: string;
  heading: ReactNode;
  /** In a box of its own, where a screen stacks several (the staff dashboard). */
  framed?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const frame = framed ? "space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" : "space-y-3";
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={className ? `${frame} ${className}` : frame}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
