import { useTranslation } from "~/platform/translations";
import { WayBack } from "./way-back";

/**
 * The spec's Not-found page (docs/decisions/0500): a 404 with a way home and a way back.
 * Unlike the catalogue's NOT_FOUND button (LOGIN), nothing here signs anyone out: a
 * mistyped address or a dead link says nothing about the member's session.
 */
export function NotFoundScreen({ back }: { back?: string | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="not-found-heading" className="text-3xl font-bold">
        {t("notFound.heading")}
      </h1>
      <p className="mt-4 text-lg">{t("notFound.lead")}</p>
      <WayBack back={back} backText={t("notFound.back")} homeText={t("notFound.home")} />
    </section>
  );
}
