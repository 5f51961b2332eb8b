import { useTranslation } from "~/platform/translations";
import { WayBack } from "./way-back";

/**
 * The spec's Not-found page (docs/decisions/0500): a 404 with the catalogue's NOT_FOUND
 * message, a way home and a way back. Unlike the catalogue's NOT_FOUND button (LOGIN), nothing here signs anyone out: a
 * mistyped address or a dead link says nothing about the member's session.
 */
export function NotFoundScreen({ back }: { back?: string | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="not-found-heading" className="text-3xl font-bold">
        {t("notFound.heading")}
      </h1>
      {/* The catalogue's NOT_FOUND message (issue 40), then what a person can make of it. */}
      <p className="mt-4 text-lg" data-error-type="NOT_FOUND">
        {t("errors:types.NOT_FOUND.message")}
      </p>
      <p className="mt-2">{t("notFound.lead")}</p>
      <WayBack back={back} backText={t("notFound.back")} homeText={t("notFound.home")} />
    </section>
  );
}
