import { useTranslation } from "~/platform/translations";
import { WayBack } from "./way-back";

/**
 * A 403 on a page: what the member may not do here, and the way back (the page they came
 * from, their home). Unlike the catalogue's FORBIDDEN entry, whose button (LOGIN) signs
 * out, nothing here touches the session: a member who is not this contest's game master is
 * still a member (docs/decisions/1141). Signing out stays the sign-out button's job.
 *
 * `message` says what in particular was refused, when the guard knows ("Only an admin can
 * do that."); `home` is the asker's own home (/home, or /dashboard for staff).
 */
export function ForbiddenScreen({ back, home, message }: { back?: string | null; home?: string; message?: string | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="forbidden-heading" className="mx-auto max-w-lg py-12 text-center" data-testid="forbidden">
      <h1 id="forbidden-heading" className="text-3xl font-bold">
        {t("forbidden.heading")}
      </h1>
      {message ? <p className="mt-4 text-lg font-semibold">{message}</p> : null}
      <p className="mt-4 text-lg">{t("forbidden.lead")}</p>
      <WayBack back={back} home={home} backText={t("forbidden.back")} homeText={t("forbidden.home")} />
    </section>
  );
}
