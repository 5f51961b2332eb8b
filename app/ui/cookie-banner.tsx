import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { RedirectField } from "./redirect-field";

/**
 * Shown to newcomers; both answers work without JavaScript and are remembered by the server.
 * It sits in the root's bottom dock, below the toasts.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="pointer-events-auto w-full border-t border-slate-300 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <Form
        method="post"
        action="/preferences/cookies"
        className="mx-auto flex max-w-3xl flex-wrap items-center gap-3"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          localStorage.setItem("cookiesaccepted", submitter?.value === "accept" ? "true" : "false");
        }}
      >
        <RedirectField />
        <div className="min-w-0 flex-1">
          <h2 id="cookie-banner-title" className="font-semibold">
            {t("consent.title")}
          </h2>
          <p className="text-sm">{t("consent.text")}</p>
        </div>
        <button
          type="submit"
          name="choice"
          value="decline"
          className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium"
        >
          {t("consent.decline")}
        </button>
        <button
          type="submit"
          name="choice"
          value="accept"
          className="rounded-md bg-glow-700 px-3 py-2 text-sm font-semibold text-white hover:bg-glow-900"
        >
          {t("consent.accept")}
        </button>
      </Form>
    </section>
  );
}
