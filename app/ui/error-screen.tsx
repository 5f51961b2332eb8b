import { useTranslation } from "~/platform/translations";
import { href, useLocation } from "react-router";
import { errorForStatus, type GlowError } from "~/platform/errors";
import { BackLink } from "./way-back";

const buttonClass =
  "inline-block rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900";

/** The spec's error screen: 'Error', 'Oops! Something went wrong.', the message, one button. */
export function ErrorScreen({ status, error }: { status?: number; error?: GlowError }) {
  const { t } = useTranslation("errors");
  const entry = error ?? errorForStatus(status ?? 500);
  const buttonText = t(`types.${entry.type}.buttonText`, { defaultValue: entry.buttonText });
  return (
    <section aria-labelledby="error-heading" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="error-heading" className="text-3xl font-bold">
        {t("screen.heading")}
      </h1>
      <p className="mt-2 text-lg">{t("screen.lead")}</p>
      <p className="mt-4" data-error-type={entry.type}>
        {t(`types.${entry.type}.message`, { defaultValue: entry.message })}
      </p>
      <div className="mt-8">
        <ErrorAction action={entry.buttonAction} text={buttonText} />
      </div>
    </section>
  );
}

/**
 * The sign-in page that brings the member back here: the page's own address (a data
 * request's `.data` and `_routes` left out), which sign-in checks again as any return path.
 */
function signInHere(location: { pathname: string; search: string }): string {
  const path = location.pathname === "/_root.data" ? "/" : location.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(location.search);
  search.delete("_routes");
  const query = search.toString();
  const back = query ? `${path}?${query}` : path;
  return back === "/" || back.startsWith("/signin") ? href("/signin") : `${href("/signin")}?redirectTo=${encodeURIComponent(back)}`;
}

function ErrorAction({ action, text }: { action: string; text: string }) {
  const location = useLocation();
  switch (action) {
    case "LOGIN":
      // The catalogue's "Go back to Login" (EXPIRED_SESSION, UNAUTHORIZED): the session is
      // over already, so sign-in, which comes back to this page after (issue 40). A plain
      // link, the same without JavaScript; sign-in clears a stale session cookie itself.
      return (
        <a href={signInHere(location)} className={buttonClass}>
          {text}
        </a>
      );
    case "GOBACK":
      return (
        <BackLink href={href("/home")} className={buttonClass}>
          {text}
        </BackLink>
      );
    default:
      // RELOAD and anything else go to /home.
      return (
        <a href={href("/home")} className={buttonClass}>
          {text}
        </a>
      );
  }
}
