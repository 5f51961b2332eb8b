/**
 * The sections of /party/:id: its header, the removal notice, the viewer's actions (join, ask,
 * withdraw, leave; each a post to the page tagged with its intent, PartyPageForm), its
 * standing, members, contributions and activity.
 */
import { useTranslation } from "~/platform/translations";
import { Form, href, Link } from "react-router";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { DataTable } from "~/ui/data-table";
import { mutedText } from "~/ui/fields";
import { PageHeading } from "~/ui/page";
import { usePosting, waitingButton } from "~/ui/pending";
import { Section } from "~/ui/section";
import type { OpenPartyScreen, PartyScreen } from "./party-page.server";
import { PARTY_RULES } from "./rules";
import { PersonChip, RemovalReason } from "./ui";
import { cardClass, linkClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";

/** Why the viewer is no longer in the party: who removed them, when, and the reason given. */
export function RemovedNotice({ removal }: { removal: PartyScreen["removal"] }) {
  const { t } = useTranslation("parties");
  if (!removal) return null;
  return (
    <Notice tone="warn" title={t("party.removedTitle")} testId="removal-notice">
      <p>{removal.by ? t("party.removedBy", { name: removal.by, date: removal.on }) : t("party.removed", { date: removal.on })}</p>
      <RemovalReason reason={removal.reason} />
    </Notice>
  );
}

/** The party's name, motto, contest or friends, join policy, place and ringleaders. */
export function PartyHeader({ loaded }: { loaded: OpenPartyScreen }) {
  const { t } = useTranslation("parties");
  const { party } = loaded;
  return (
    <header className="space-y-1">
      <PageHeading>
        <MemberText text={party.name} />
      </PageHeading>
      {party.motto ? (
        <p className="text-lg italic">
          <MemberText text={party.motto} />
        </p>
      ) : null}
      <p className={mutedText}>
        {party.contest ? (
          <>
            {t("party.inContest")}{" "}
            <Link to={`${href("/leaderboard")}?board=contest&contest=${party.contest.id}`} className={linkClass}>
              <MemberText text={party.contest.name} />
            </Link>
          </>
        ) : (
          t("party.friends")
        )}
        {" · "}
        {t(`policy.${party.joinPolicy}.name`)}
        {party.zipcode ? ` · ${t("party.local", { zipcode: party.zipcode })}` : ""}
      </p>
      <p className={mutedText}>{t("party.ledBy", { names: loaded.ringleaders.join(t("listSeparator")) })}</p>
    </header>
  );
}

/** The party's score, rank and points, and the fair-share rule that makes the score. */
export function StandingSection({ standing }: { standing: OpenPartyScreen["standing"] }) {
  const { t } = useTranslation("parties");
  return (
    <Section id="standing" heading={t("party.standing")} className={cardClass}>
      {standing ? (
        <dl className="mt-2 grid grid-cols-3 gap-3 text-center">
          <div>
            <dt className={mutedText}>{t("party.score")}</dt>
            <dd className="text-2xl font-bold" data-testid="party-score">
              {standing.score}
            </dd>
          </div>
          <div>
            <dt className={mutedText}>{t("party.rank")}</dt>
            <dd className="text-2xl font-bold">{standing.rank}</dd>
          </div>
          <div>
            <dt className={mutedText}>{t("party.points")}</dt>
            <dd className="text-2xl font-bold">{standing.points}</dd>
          </div>
        </dl>
      ) : (
        <p className={mutedText}>{t("party.noStanding")}</p>
      )}
      <p className={`mt-3 ${mutedText}`} data-testid="fair-rule">
        {t("party.fairRule", { floor: PARTY_RULES.fairShareFloor })}
      </p>
      {standing ? <p className={mutedText}>{t("party.fairNow", { points: t("common:points", { count: standing.points }), count: standing.headcount, score: standing.score })}</p> : null}
      <p className="mt-2">
        <Link to={`${href("/leaderboard")}?board=parties`} className={linkClass}>
          {t("party.board")}
        </Link>
      </p>
    </Section>
  );
}

export function MembersSection({ members, cap }: { members: OpenPartyScreen["members"]; cap: number }) {
  const { t } = useTranslation("parties");
  return (
    <Section id="members" heading={t("party.members", { count: members.length, cap })} className={cardClass}>
      <ul className="mt-2 space-y-2" data-testid="party-members">
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
            <PersonChip name={m.name} avatarUrl={m.avatarUrl} size={40} />
            <span className={mutedText}>
              {m.role === "ringleader" ? `${t("roles.ringleader")} · ` : ""}
              {t("party.joinedOn", { date: m.joinedOn })}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Who brought the party its points, former members too. */
export function ContributionsSection({ contributed }: { contributed: OpenPartyScreen["contributed"] }) {
  const { t } = useTranslation("parties");
  const rows = contributed.map((c, i) => ({ ...c, i }));
  return (
    <Section id="contributions" heading={t("party.contributions")} className={cardClass}>
      {rows.length === 0 ? (
        <p className={mutedText}>{t("party.noContributions")}</p>
      ) : (
        <DataTable
          label={t("party.contributions")}
          className="mt-2 w-full text-left"
          rows={rows}
          rowKey={(c) => c.i}
          columns={[
            { header: t("party.who"), rowHeader: true, className: "font-normal", cell: (c) => `${c.name ?? t("party.formerMember")}${c.current ? "" : ` ${t("party.left")}`}` },
            { header: <span className="block text-end">{t("party.points")}</span>, className: "text-end tabular-nums", cell: (c) => c.points },
          ]}
        />
      )}
    </Section>
  );
}

export function ActivitySection({ activity }: { activity: OpenPartyScreen["activity"] }) {
  const { t } = useTranslation("parties");
  return (
    <Section id="activity" heading={t("party.activity")} className={cardClass}>
      <ul className="mt-2 space-y-1">
        {activity.map((a) => (
          <li key={a.id}>
            {t(`activity.${a.kind}`, { actor: a.actor ?? t("someone"), subject: a.subject ?? t("someone") })}{" "}
            <span className={mutedText}>· {a.on}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** What the viewer may do here: sign in, leave (or manage), join, ask to join or withdraw the ask. */
export function Actions({
  partyId,
  policy,
  viewer,
  signedIn,
  full,
}: {
  partyId: number;
  policy: string;
  viewer: { role: string | null; requested: boolean; otherParty: { id: number; name: string } | null };
  signedIn: boolean;
  full: boolean;
}) {
  const { t } = useTranslation("parties");
  const action = href("/party/:id", { id: String(partyId) });
  const posting = usePosting(action);
  const button = (intent: string, label: string, className = primaryButton) => (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className} {...waitingButton(posting)}>
        {label}
      </button>
    </Form>
  );
  if (!signedIn) {
    return (
      <p>
        <Link to={`${href("/signin")}?redirectTo=${encodeURIComponent(action)}`} className={linkClass}>
          {t("party.signInToJoin")}
        </Link>
      </p>
    );
  }
  if (viewer.role) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-medium">{viewer.role === "ringleader" ? t("party.youLead") : t("party.youAreIn")}</p>
        {viewer.role === "ringleader" ? (
          <Link to={`${href("/partymanager")}?party=${partyId}`} className={secondaryButton}>
            {t("party.manage")}
          </Link>
        ) : null}
        {button("leave", t("party.leave"), secondaryButton)}
      </div>
    );
  }
  if (viewer.otherParty) {
    return (
      <Notice>
        <p>{t("party.inOther", { party: viewer.otherParty.name })}</p>
      </Notice>
    );
  }
  if (policy === "open") return full ? <p>{t("party.full")}</p> : button("join", t("party.join"));
  if (policy === "request") {
    return viewer.requested ? (
      <div className="flex flex-wrap items-center gap-3">
        <p>{t("party.requestedAlready")}</p>
        {button("withdraw", t("party.withdraw"), secondaryButton)}
      </div>
    ) : (
      button("request", t("party.request"))
    );
  }
  return null;
}
