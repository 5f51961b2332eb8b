import { useTranslation } from "~/platform/translations";
import { href, Link } from "react-router";
import type { Route } from "./+types/user-role-display";
import { requireMember, type RoleName } from "~/features/auth/principal.server";
import { contestNames } from "~/features/parties/contests.server";
import { cardClass, linkClass, MemberText, mutedText, Notice } from "~/features/parties/ui";
import { partiesOf, removalsOf, successionsFor } from "~/features/parties/views.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { formatDay } from "~/ui/dates";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["parties"] };

/** Section 6's order of the contest roles. */
const ROLE_ORDER: RoleName[] = ["gamemaster", "ringleader", "judge"];

/**
 * User Role Display, and (at /user-role-display/enhanced) the enhanced display: the
 * member's roles, each with its contest, grouped by contest as section 6 groups them; the
 * enhanced one also says what each role lets them do, with links to those screens.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  // (A client-side visit asks for the page's data at `….data`.)
  const enhanced = /\/enhanced(?:\.data)?$/.test(new URL(request.url).pathname);
  const lng = getLocale(context);
  const contestIds = [...new Set(current.roles.map((r) => r.contestId).filter((id): id is number => id !== null).map(Number))];
  const [names, parties, removals] = await Promise.all([contestNames(contestIds), partiesOf(current.member.id), removalsOf(current.member.id, lng)]);
  const groups = new Map<string, { contestId: number | null; contest: string | null; roles: RoleName[] }>();
  for (const entry of current.roles) {
    const contestId = entry.contestId === null ? null : Number(entry.contestId);
    const key = String(contestId);
    const group = groups.get(key) ?? { contestId, contest: contestId === null ? null : (names.get(contestId) ?? null), roles: [] };
    if (!group.roles.includes(entry.role)) group.roles.push(entry.role);
    groups.set(key, group);
  }
  const byContest = [...groups.values()]
    .map((g) => ({ ...g, roles: ROLE_ORDER.filter((r) => g.roles.includes(r)) }))
    .sort((a, b) => (a.contestId ?? 0) - (b.contestId ?? 0));
  const runs = current.roles.filter((r) => r.role === "gamemaster" && r.contestId !== null).map((r) => Number(r.contestId));
  const successions = enhanced ? await successionsFor(runs, lng) : [];
  const t = getInstance(context).t;
  return {
    title: t(enhanced ? "parties:roles.enhancedTitle" : "parties:roles.title"),
    enhanced,
    byContest,
    parties,
    removals: removals.map((r) => ({ ...r, on: formatDay(r.at, lng) })),
    successions: successions.map((s) => ({ ...s, on: formatDay(s.at, lng) })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "User Role Display")];

/** The screens each role opens (the game master's and judges' screens come with the contests work). */
const ROLE_LINKS = {
  gamemaster: [{ to: href("/gamemaster"), label: "roles.links.gamemaster" }],
  ringleader: [
    { to: href("/partymanager"), label: "roles.links.partymanager" },
    { to: href("/partybuilder"), label: "roles.links.partybuilder" },
    { to: href("/qrcode"), label: "roles.links.qrcode" },
  ],
  judge: [{ to: href("/judging"), label: "roles.links.judging" }],
} as const satisfies Record<RoleName, ReadonlyArray<{ to: string; label: string }>>;

export default function UserRoleDisplay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const { enhanced, byContest, parties, removals, successions } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeading>{t(enhanced ? "roles.enhancedHeading" : "roles.heading")}</PageHeading>
      <section aria-labelledby="contest-roles" className="space-y-3">
        <h2 id="contest-roles" className="text-xl font-semibold">
          {t("roles.contestRoles")}
        </h2>
        {byContest.length === 0 ? <p>{t("roles.none")}</p> : null}
        <ul className="space-y-3" data-testid="role-groups">
          {byContest.map((group) => (
            <li key={String(group.contestId)} className={cardClass}>
              <h3 className="font-semibold">{group.contest ? <MemberText text={group.contest} /> : t("roles.everyContest")}</h3>
              <ul className="mt-2 space-y-3">
                {group.roles.map((role) => (
                  <li key={role}>
                    <p className="font-medium">{t(`roles.${role}`)}</p>
                    {enhanced ? (
                      <>
                        <p className={mutedText}>{t(`roles.can.${role}`)}</p>
                        <ul className="mt-1 flex flex-wrap gap-x-4">
                          {ROLE_LINKS[role].map((link) => (
                            <li key={link.to}>
                              <Link to={link.to} className={linkClass}>
                                {t(link.label)}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      {enhanced ? (
        <section aria-labelledby="every-member" className={cardClass}>
          <h2 id="every-member" className="text-xl font-semibold">
            {t("roles.everyMember")}
          </h2>
          <p className={mutedText}>{t("roles.can.member")}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4">
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
        </section>
      ) : null}

      {successions.length ? (
        <section aria-labelledby="successions" className="space-y-2">
          <h2 id="successions" className="text-xl font-semibold">
            {t("roles.successions")}
          </h2>
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
        </section>
      ) : null}

      <section aria-labelledby="your-parties" className="space-y-2">
        <h2 id="your-parties" className="text-xl font-semibold">
          {t("roles.parties")}
        </h2>
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
      </section>

      {removals.length ? (
        <section aria-labelledby="removals" className="space-y-2">
          <h2 id="removals" className="text-xl font-semibold">
            {t("roles.removals")}
          </h2>
          {removals.map((r) => (
            <Notice key={r.id} tone="warn">
              <p>{t("roles.removedFrom", { party: r.party, name: r.by ?? t("someone"), date: r.on })}</p>
              {r.reason ? (
                <blockquote className="border-s-4 border-amber-700 ps-3 italic">
                  <MemberText text={r.reason} />
                </blockquote>
              ) : null}
            </Notice>
          ))}
        </section>
      ) : null}

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
