import { data, href, redirect } from "react-router";
import type { Route } from "./+types/secret-salute-redirect";
import { requireMember } from "~/features/auth/principal.server";
import { saluteAtLink } from "~/features/salutes/salutes.server";
import { getInstance } from "~/platform/i18n.server";
import { useTranslation } from "~/platform/translations";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["salutes"] };

/** The status each explanation answers with: gone for a hidden salute, not found otherwise. */
const STATUS = { hidden: 410, own: 404, missing: 404 } as const;

/**
 * A notification link (/secret-salute-redirect?id=N) leads the member to the right salute;
 * an anonymous visitor signs in first and comes back here. When it cannot, the page says
 * why: the salute was hidden (by them, or by moderators), it is one they sent, or there is
 * none for them. A salute that is neither theirs nor sent by them is "none", the same as one
 * that does not exist, so the link tells nobody else anything; and no answer names a sender.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireMember(context);
  const url = new URL(request.url);
  const raw = url.searchParams.get("id") ?? url.searchParams.get("salute") ?? "";
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  const found = await saluteAtLink(member.id, id);
  if (found.state === "received") {
    const page = found.kind === "secret" ? "/secret-salute" : "/salute-select";
    return redirect(`${page}?salute=${id}#salute-${id}`);
  }
  const title = getInstance(context).t("salutes:atLink.title");
  const reason: "hiddenByModerators" | "hiddenByYou" | "own" | "missing" =
    found.state === "hidden" ? (found.by === "moderators" ? "hiddenByModerators" : "hiddenByYou") : found.state;
  return data({ title, reason }, { status: STATUS[found.state] });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Secret Salutes Redirect")];

export default function SecretSaluteRedirect({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("salutes");
  const { reason } = loaderData;
  return (
    <section aria-labelledby="salute-link-heading" className="space-y-4">
      <PageHeading id="salute-link-heading">{t(`atLink.${reason}.heading`)}</PageHeading>
      <p data-testid="salute-link-reason">{t(`atLink.${reason}.body`)}</p>
      <p className="flex flex-wrap gap-4">
        <a href={href("/secret-salute")} className="font-medium underline">
          {t("atLink.toSecret")}
        </a>
        <a href={href("/salute-select")} className="font-medium underline">
          {t("atLink.toSalutes")}
        </a>
      </p>
    </section>
  );
}
