import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { RedirectField } from "./redirect-field";

/**
 * Shown to newcomers; both answers work without JavaScript and are remembered by the server.
 * It sits in the root's bottom dock, below the toasts.
 *
 * On narrow screens the answers sit in a full-width row under the text (beside it, the text
 * was squeezed into a column ~100 px wide and the banner grew to a third of the screen).
 * While it is shown, the page gets room at its foot to scroll everything above the banner,
 * and focus scrolls a control clear of it (scroll padding): set here with `:has()`, so the
 * root's layout needs no knowledge of the banner. The room is at least the banner's height
 * in either language (about 150 px at 360 px wide, 100 px from 640 px); toasts stacked
 * above it add their own room (--toast-room, decision 0514).
 */
const PAGE_ROOM =
  "[body:has(&)_#main]:pb-52 sm:[body:has(&)_#main]:pb-36 [html:has(&)]:scroll-pb-[calc(12rem+var(--toast-room,0px))] sm:[html:has(&)]:scroll-pb-[calc(8rem+var(--toast-room,0px))]";

export function CookieBanner() {
  const { t } = useTranslation();
  return (
    <section
      data-cookie-banner=""
      aria-labelledby="cookie-banner-title"
      className={`pointer-events-auto w-full border-t border-slate-300 bg-white px-4 py-3 shadow-lg dark:border-slate-700 dark:bg-slate-900 ${PAGE_ROOM}`}
    >
      <Form
        method="post"
        action={href("/preferences/cookies")}
        className="mx-auto flex max-w-3xl flex-col gap-2 sm:flex-row sm:items-center sm:gap-4"
        onSubmit={(event) => {
          const button = (event.nativeEvent as SubmitEvent).submitter;
          localStorage.setItem("cookiesaccepted", (button as HTMLButtonElement | null)?.value === "accept" ? "true" : "false");
        }}
      >
        <RedirectField />
        <div className="sm:min-w-0 sm:flex-1">
          <h2 id="cookie-banner-title" className="font-semibold">
            {t("consent.title")}
          </h2>
          <p className="text-sm">{t("consent.text")}</p>
        </div>
        <div className="flex gap-2 sm:shrink-0">
          <button
            type="submit"
            name="choice"
            value="decline"
            className="flex-1 whitespace-nowrap rounded-md border border-slate-400 px-3 py-2 text-sm font-medium sm:flex-none"
          >
            {t("consent.decline")}
          </button>
          <button
            type="submit"
            name="choice"
            value="accept"
            className="flex-1 whitespace-nowrap rounded-md bg-glow-700 px-3 py-2 text-sm font-semibold text-white hover:bg-glow-900 sm:flex-none"
          >
            {t("consent.accept")}
          </button>
        </div>
      </Form>
    </section>
  );
}
