/**
 * Sections of User Role Display: the member's roles grouped by contest (enhanced: what each
 * lets them do, with links to those screens) and the removals from parties that concern them.
 */
import { useTranslation } from "~/platform/translations";
import { href, Link } from "react-router";
import type { MemberRole } from "~/features/auth/index.server";
import type { RolesScreen } from "./roles-page.server";
import { cardClass, linkClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { RemovalReason } from "./ui";
import { mutedText } from "~/ui/fields";
import { Notice } from "~/ui/notice";
import { Section } from "~/ui/section";

/** The screens each role opens (the game master's and judges' screens come with the contests work). */
const ROLE_LINKS = {
  gamemaster: [{ to: href("/gamemaster"), label: "roles.links.gamemaster" }],
  ringleader: [
    { to: href("/partymanager"), label: "roles.links.partymanager" },
    { to: href("/partybuilder"), label: "roles.links.partybuilder" },
    { to: href("/qrcode"), label: "roles.links.qrcode" },
  ],
  judge: [{ to: href("/judging"), label: "roles.links.judging" }],
} as const satisfies Record<MemberRole["role"], ReadonlyArray<{ to: string; label: string }>>;

export function ContestRoles({ byContest, enhanced }: Pick<RolesScreen, "byContest" | "enhanced">) {
  const { t } = useTranslation("parties");
  return (
    <Section id="contest-roles" heading={t("roles.contestRoles")}>
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
    </Section>
  );
}

export function Removals({ removals }: Pick<RolesScreen, "removals">) {
  const { t } = useTranslation("parties");
  return (
    <Section id="removals" heading={t("roles.removals")}>
      {removals.map((r) => (
        <Notice key={r.id} tone="warn">
          <p>{t("roles.removedFrom", { party: r.party, name: r.by ?? t("someone"), date: r.on })}</p>
          <RemovalReason reason={r.reason} />
        </Notice>
      ))}
    </Section>
  );
}
