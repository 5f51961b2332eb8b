import { href } from "react-router";
import { useEffect, useState } from "react";

const primary = "inline-block rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900";
const secondary = "inline-block rounded-md border border-slate-400 px-4 py-2 font-semibold";

/** A link back: with JavaScript a step back through history, without it to `href`. */
export function BackLink({ href: to, className, children }: { href: string; className: string; children: React.ReactNode }) {
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        if (window.history.length > 1) {
          event.preventDefault();
          window.history.back();
        }
      }}
    >
      {children}
    </a>
  );
}

/**
 * The ways out of a page that cannot be shown (not found, not allowed): back to the page of
 * ours the visitor came from, and home. Nothing here signs anyone out: what was asked says
 * nothing about the session.
 *
 * `back` is that page (the Referer, checked on the server), so "Go back" works without
 * JavaScript; with JavaScript it steps back through history.
 */
export function WayBack({ back, home, backText, homeText }: { back?: string | null; home?: string; backText: string; homeText: string }) {
  // History is the browser's: known only once the page runs.
  const [canStepBack, setCanStepBack] = useState(false);
  useEffect(() => setCanStepBack(window.history.length > 1), []);
  const showBack = Boolean(back) || canStepBack;
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      {showBack ? (
        <BackLink href={back ?? href("/home")} className={secondary}>
          {backText}
        </BackLink>
      ) : null}
      <a href={home ?? href("/home")} className={primary}>
        {homeText}
      </a>
    </div>
  );
}
