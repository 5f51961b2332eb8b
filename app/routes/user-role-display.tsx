import { useTranslation } from "~/platform/translations";
import { href, Link } from "react-router";
import type { Route } from "./+types/user-role-display";
import { requireMember } from "~/features/auth/principal.server";
import { rolesScreen } from "~/features/parties/roles-page.server";
import { ContestRoles, Removals } from "~/features/parties/roles-sections";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { PageHeading, pageTitle } from "~/ui/page";
import { cardClass, linkClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { mutedText } from "~/ui/fields";
import { Section } from "~/ui/section";

export const handle = { i18n: ["parties"] };

/**
 * User Role Display, and (at /user-role-display/enhanced) the enhanced display: the
 * member's roles, each with its contest, grouped by contest as section 6 groups them; the
 * enhanced one also says what each role lets them do, with links to those screens.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  // (A client-side visit asks for the page's data at `….data`.)
  const enhanced = /\/enhanced(?:\.data)?$/.test(new URL(request.url).pathname);
  const t = getInstance(context).t;
  return { title: t(enhanced ? "parties:roles.enhancedTitle" : "parties:roles.title"), ...(await rolesScreen(current, enhanced, getLocale(context))) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "User Role Display")];

export default function UserRoleDisplay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const { enhanced, byContest, parties, removals, successions } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeading>{t(enhanced ? "roles.enhancedHeading" : "roles.heading")}</PageHeading>
      <ContestRoles byContest={byContest} enhanced={enhanced} />

      {enhanced ? (
        <Section id="every-member" heading={t("roles.everyMember")} className={cardClass}>
          <p className={mutedText}>{t("roles.can.member")}</p>
          <ul className="flex flex-wrap gap-x-4">
            <li>
              <Link to={href("/partybuilder")} className={linkClass}>
                {t("roles.links.partybuilder")}
              </Link>
            </li>
            <li>
              <Link to={href("/invite")} className={linkClass}>
                {t("roles.links.invite")}
              </Link>
            </li>
          </ul>
        </Section>
      ) : null}

      {successions.length ? (
        <Section id="successions" heading={t("roles.successions")}>
          <ul className="space-y-1">
            {successions.map((s) => (
              <li key={s.id}>
                {t("roles.succession", { party: s.party, contest: s.contest, member: s.member ?? t("someone") })}{" "}
                <span className={mutedText}>· {s.on}</span>{" "}
                <Link to={href("/party/:id", { id: String(s.partyId) })} className={linkClass}>
                  {t("roles.seeParty")}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="your-parties" heading={t("roles.parties")}>
        {parties.length === 0 ? (
          <p>
            {t("roles.noParties")}{" "}
            <Link to={href("/invite")} className={linkClass}>
              {t("roles.links.invite")}
            </Link>
          </p>
        ) : (
          <ul className="space-y-1">
            {parties.map((p) => (
              <li key={p.id}>
                <Link to={href("/party/:id", { id: String(p.id) })} className={linkClass}>
                  <MemberText text={p.name} />
                </Link>{" "}
                <span className={mutedText}>
                  · {t(p.role === "ringleader" ? "roles.ringleader" : "roles.partyMember")}
                  {p.contestName ? ` · ${p.contestName}` : ` · ${t("party.friends")}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {removals.length ? <Removals removals={removals} /> : null}

      <p>
        {enhanced ? (
          <Link to={href("/user-role-display")} className={linkClass}>
            {t("roles.toPlain")}
          </Link>
        ) : (
          <Link to={href("/user-role-display/enhanced")} className={linkClass}>
            {t("roles.toEnhanced")}
          </Link>
        )}
      </p>
    </div>
  );
}
