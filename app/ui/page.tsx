/**
 * What every screen has: its title in the browser's tab and its one heading. The heading is
 * where focus lands after a page change (route-focus.tsx finds the page's <h1>).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The tab's title: the screen's translated title, or its English name while none is loaded. */
export function pageTitle(title: string | undefined, fallback: string) {
  return { title: `${title ?? fallback} · Glow` };
}

/** The classes of a screen's heading, for the few headings that need their own element. */
export const pageHeadingClass = "font-righteous text-3xl text-glow-700 dark:text-glow-300";

/** A screen's heading. */
export function PageHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h1 id={id} className={pageHeadingClass}>
      {children}
    </h1>
  );
}

/**
 * A screen's header: its heading, a line or two under it (what the screen is for, or who is
 * signed in), and what acts on the whole screen (sign out) at the end of the row.
 */
export function PageHeader({ title, id, lead, actions }: { title: ReactNode; id?: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div className="space-y-2">
        <PageHeading id={id}>{title}</PageHeading>
        {lead ? <p>{lead}</p> : null}
      </div>
      {actions}
    </header>
  );
}

/**
 * Under a screen's heading, the same screen for each of a few things it can show (a game
 * master's contests): a named row of links, the one shown marked as the current page.
 * Nothing where there is only one to show.
 */
export function ScreenSwitcher({ label, items, current }: { label: string; items: readonly { id: string | number; name: string; to: string }[]; current: string | number }) {
  if (items.length < 2) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap gap-3 text-sm">
      {items.map((item) => (
        <Link key={item.id} to={item.to} aria-current={item.id === current ? "page" : undefined} className="underline aria-[current=page]:font-bold">
          {item.name}
        </Link>
      ))}
    </nav>
  );
}
