import { useTranslation } from "~/platform/translations";
import { useLocation } from "react-router";
import { safeRedirectPath } from "~/platform/redirect-to";

/**
 * The browser's own words when a fetch never got an answer (Chromium, Firefox, Safari): a
 * page's data that could not be loaded because the connection dropped or Glow was down.
 */
const CONNECTION_FAILURES = new Set([
  "Failed to fetch",
  "NetworkError when attempting to fetch resource.",
  "Load failed",
]);

/** Whether the page failed because Glow could not be reached (in the browser only). */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof window === "undefined") return false;
  return (error instanceof TypeError && CONNECTION_FAILURES.has(error.message)) || navigator.onLine === false;
}

/** The root error boundary for unexpected failures: no catalogue entry, just a way back. */
export function CrashScreen({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  const location = useLocation();
  const stack =
    import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;
  return (
    <main id="main" role="alert" className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">{t("boundary.title")}</h1>
      {isConnectionFailure(error) ? <p className="mt-3">{t("boundary.offline")}</p> : null}
      <details className="mt-4 rounded border border-slate-300 p-3 dark:border-slate-700">
        <summary className="cursor-pointer font-medium">{t("boundary.details")}</summary>
        {/* A long unbroken line can still scroll sideways: reachable by keyboard, and named. */}
        <pre role="region" tabIndex={0} aria-label={t("boundary.details")} className="mt-2 overflow-x-auto whitespace-pre-wrap text-sm">
          {stack ?? t("boundary.noDetails")}
        </pre>
      </details>
      <a
        // Only a path on our origin (`//other.example/…` would be another site's address).
        href={safeRedirectPath(`${location.pathname}${location.search}`, "http://glow.invalid", "/")}
        className="mt-6 inline-block rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900"
        onClick={(event) => {
          event.preventDefault();
          window.location.reload();
        }}
      >
        {t("boundary.reload")}
      </a>
    </main>
  );
}
