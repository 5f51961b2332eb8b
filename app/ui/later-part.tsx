import { Component, Suspense, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/platform/translations";
import { safeRedirectPath } from "~/platform/redirect-to";

/*
 * The browsers' own words when a module's file could not be fetched (Chromium, Firefox,
 * Safari), and Vite's when a part's stylesheet could not be: a deploy replaced the file the
 * page was built with, or the connection dropped while the part was on its way.
 */
const CHUNK_FAILURES = [/dynamically imported module/i, /Importing a module script failed/i, /Unable to preload CSS/i];

/** Whether `error` is a part's code (or its CSS) that could not be loaded. */
export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURES.some((words) => words.test(error.message));
}

type BoundaryProps = { children: ReactNode; failed: ReactNode };

/**
 * Catches a part's code that could not be loaded and shows `failed` in its place, so the rest
 * of the page stays; any other error goes on to the route's error boundary, as before.
 */
class ChunkBoundary extends Component<BoundaryProps, { caught: { error: unknown } | null }> {
  state: { caught: { error: unknown } | null } = { caught: null };

  static getDerivedStateFromError(error: unknown) {
    return { caught: { error } };
  }

  render() {
    const { caught } = this.state;
    if (!caught) return this.props.children;
    if (!isChunkLoadFailure(caught.error)) throw caught.error;
    return this.props.failed;
  }
}

/**
 * A part of a page whose code loads later (`React.lazy`, decisions 1015, 1025, 1033): shows
 * `fallback` while the code is on its way, and a short notice with a way to reload in its
 * place when the code cannot be loaded, instead of the whole page giving way to the error
 * screen. `failed` replaces that notice (`null` for a part the page does without).
 */
export function LaterPart({ children, fallback = null, failed }: { children: ReactNode; fallback?: ReactNode; failed?: ReactNode }) {
  return (
    <ChunkBoundary failed={failed === undefined ? <PartUnavailable /> : failed}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ChunkBoundary>
  );
}

/** The notice in place of a part that could not be loaded. */
function PartUnavailable() {
  const { t } = useTranslation("errors");
  const location = useLocation();
  return (
    <p role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-slate-900 dark:border-amber-600 dark:bg-slate-900 dark:text-slate-100">
      {t("part.unavailable")}{" "}
      <a
        // Only a path on our origin (`//other.example/…` would be another site's address).
        href={safeRedirectPath(`${location.pathname}${location.search}`, "http://glow.invalid", "/")}
        className="font-semibold underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        onClick={(event) => {
          event.preventDefault();
          window.location.reload();
        }}
      >
        {t("boundary.reload")}
      </a>
    </p>
  );
}
