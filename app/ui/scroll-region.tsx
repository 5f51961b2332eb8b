import type { ReactNode } from "react";

/**
 * A box whose content may be wider than a phone's screen (a table, a code sample) and so
 * scrolls sideways. It takes the keyboard's focus and is a named region, so a member who
 * does not use a pointer can scroll it with the arrow keys and hears what it holds (WCAG
 * 2.1.1; axe's scrollable-region-focusable; decision 1183). It is focusable at every width,
 * with or without JavaScript: whether it overflows is the browser's to know, not the server's.
 */
export function ScrollRegion({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`.trim()}>
      {children}
    </div>
  );
}
