import { href } from "react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/translations";

const primary = "inline-block rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900";
const secondary = "inline-block rounded-md border border-slate-400 px-4 py-2 font-semibold";

/**
 * The spec's Not-found page (docs/decisions/0500): a 404 with a way home and a way back.
 * Unlike the catalogue's NOT_FOUND button (LOGIN), nothing here signs anyone out: a
 * mistyped address or a dead link says nothing about the member's session.
 *
 * `back` is the page of ours the visitor came from (the Referer, checked on the server),
 * so "Go back" works without JavaScript; with JavaScript it steps back through history.
 */
export function NotFoundScreen({ back }: { back?: string | null }) {
  const { t } = useTranslation();
  // History is the browser's: known only once the page runs.
  const [canStepBack, setCanStepBack] = useState(false);
  useEffect(() => setCanStepBack(window.history.length > 1), []);
  const showBack = Boolean(back) || canStepBack;
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="not-found-heading" className="text-3xl font-bold">
        {t("notFound.heading")}
      </h1>
      <p className="mt-4 text-lg">{t("notFound.lead")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {showBack ? (
          <a
            href={back ?? href("/home")}
            className={secondary}
            onClick={(event) => {
              if (window.history.length > 1) {
                event.preventDefault();
                window.history.back();
              }
            }}
          >
            {t("notFound.back")}
          </a>
        ) : null}
        <a href={href("/home")} className={primary}>
          {t("notFound.home")}
        </a>
      </div>
    </section>
  );
}
