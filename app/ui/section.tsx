/**
 * A part of a screen under its own heading: a `<section>` named by its `<h2>`, so a screen
 * reader lists it among the page's regions and its heading among the headings.
 */
import type { ReactNode } from "react";

export function Section({
  id,
  heading,
  framed = false,
  prominent = false,
  quiet = false,
  className,
  children,
}: {
  /** The section's id (a link's `#id` lands on it); its heading's id is `${id}-heading`. */
  id: string;
  heading: ReactNode;
  /** In a box of its own, where a screen stacks several (the staff dashboard). */
  framed?: boolean;
  /** A larger heading, for the section that names what a screen is about (a party on its dashboard). */
  prominent?: boolean;
  /**
   * Its heading at the text's own size: a part that is not the screen's business but beside
   * it (the art's credits, a word from the team), which a large heading would make loud.
   */
  quiet?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const frame = framed ? "space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" : "space-y-3";
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={className ? `${frame} ${className}` : frame}>
      <h2 id={`${id}-heading`} className={prominent ? "text-2xl font-semibold" : quiet ? "font-semibold" : "text-xl font-semibold"}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
