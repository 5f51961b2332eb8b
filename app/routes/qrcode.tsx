import { and, eq } from "drizzle-orm";
import { useState } from "react";
import { useTranslation } from "~/platform/translations";
import { data, href, Link } from "react-router";
import type { Route } from "./+types/qrcode";
import { requireMember } from "~/features/auth/principal.server";
import { displayName } from "~/features/members/member-name.server";
import { codeLink, findInvite, inviteLink } from "~/features/parties/invites.server";
import { formatJoinCode } from "~/features/parties/join-code";
import { publicOrigin } from "~/features/parties/links.server";
import { inputClass, JoinCode, linkClass, MemberText, mutedText, Notice, secondaryButton } from "~/features/parties/ui";
import { partiesLedBy } from "~/features/parties/views.server";
import { db } from "~/platform/db/db.server";
import { parties, partyMembers } from "~/platform/db/schema";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { drawQr } from "~/platform/qr.server";
import { useHydrated } from "~/ui/client-only";
import { forbidden } from "~/platform/respond.server";
import { formatDay } from "~/ui/dates";
import { QrCode } from "~/ui/qr-code";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["parties"] };

async function partyOf(partyId: number) {
  const [row] = await db()
    .select({ id: parties.id, name: parties.name, contestId: parties.contestId, joinCode: parties.joinCode })
    .from(parties)
    .where(eq(parties.id, partyId));
  return row ?? null;
}

async function leads(partyId: number, memberId: number) {
  const [row] = await db()
    .select({ role: partyMembers.role })
    .from(partyMembers)
    .where(and(eq(partyMembers.partyId, partyId), eq(partyMembers.memberId, memberId)));
  return row?.role === "ringleader";
}

/**
 * QRcode: an invitation's QR code (right after a ringleader made or resent it: its link
 * is shown only then), a party's QR code with its join code under it (for a poster), or,
 * for a member who leads no party, their own invitation to Glow. Drawn on the server.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const me = current.member.id;
  const url = new URL(request.url);
  const origin = publicOrigin(request);
  const t = getInstance(context).t;
  const title = t("parties:qr.title");
  const token = url.searchParams.get("invite");
  const asked = url.searchParams.get("party");

  if (token !== null) {
    const invite = await findInvite(token);
    const party = invite ? await partyOf(invite.partyId) : null;
    // Only the party's ringleaders see an invitation's code here.
    if (!invite || !party || !(await leads(party.id, me))) throw data(null, { status: 404 });
    const link = inviteLink(origin, invite, token);
    return {
      title,
      kind: "invite" as const,
      party: { id: party.id, name: party.name },
      link,
      drawing: drawQr(link),
      code: formatJoinCode(party.joinCode),
      email: invite.email,
      pending: invite.status === "pending",
      expiresOn: formatDay(invite.expiresAt.toISOString(), getLocale(context)),
      led: [],
    };
  }

  const led = await partiesLedBy(me);
  if (asked !== null || led.length) {
    const chosen = asked === null ? led[0]! : led.find((p) => String(p.id) === asked);
    if (!chosen) {
      // Another ringleader's party: not theirs to show; no such party: not found.
      if (asked !== null && (await partyOf(Number(asked) || 0))) forbidden(request, context);
      throw data(null, { status: 404 });
    }
    const party = (await partyOf(chosen.id))!;
    const link = codeLink(origin, party);
    return {
      title,
      kind: "party" as const,
      party: { id: party.id, name: party.name },
      link,
      drawing: drawQr(link),
      code: formatJoinCode(party.joinCode),
      email: null,
      pending: true,
      expiresOn: null,
      led,
    };
  }

  // A member's own invitation to Glow: sign-in names them as who invited (the spec's invitedby).
  const link = `${origin}/signin?${new URLSearchParams({ invitedby: displayName(current.member, getLocale(context)) })}`;
  return { title, kind: "member" as const, party: null, link, drawing: drawQr(link), code: null, email: null, pending: true, expiresOn: null, led };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "QRcode")];

export default function QrCodePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const { kind, party, link, drawing, code, led } = loaderData;
  const heading = kind === "invite" ? t("qr.inviteHeading") : kind === "party" ? t("qr.partyHeading") : t("qr.memberHeading");
  return (
    <div className="space-y-5">
      <PageHeading>{heading}</PageHeading>
      {party ? (
        <p className="text-2xl font-semibold">
          <MemberText text={party.name} />
        </p>
      ) : null}
      {led.length > 1 ? (
        <nav aria-label={t("manager.yourParties")} className="flex flex-wrap gap-2 print:hidden">
          {led.map((p) => (
            <Link key={p.id} to={`${href("/qrcode")}?party=${p.id}`} aria-current={p.id === party?.id ? "page" : undefined} className={secondaryButton}>
              <MemberText text={p.name} />
            </Link>
          ))}
        </nav>
      ) : null}
      {kind === "invite" && !loaderData.pending ? (
        <Notice tone="warn">
          <p>{t("qr.notPending")}</p>
        </Notice>
      ) : null}
      <figure className="inline-block rounded-lg border border-slate-300 bg-white p-4 text-center text-slate-900">
        <QrCode drawing={drawing} label={t(`qr.label.${kind}`)} className="mx-auto h-64 w-64" />
        {code ? (
          <figcaption className="mt-2">
            <span className="block text-sm">{t("qr.typed")}</span>
            <JoinCode shown={code} testId="qr-join-code" />
          </figcaption>
        ) : null}
      </figure>
      <p>{t(`qr.explain.${kind}`, { date: loaderData.expiresOn ?? "" })}</p>
      {kind === "invite" ? (
        <Notice tone="warn">
          <p>{t("qr.once", { date: loaderData.expiresOn ?? "" })}</p>
        </Notice>
      ) : null}
      <ShareLink link={link} />
      <p className="print:hidden">
        {party ? (
          <Link to={`${href("/partymanager")}?party=${party.id}`} className={linkClass}>
            {t("qr.backToDashboard")}
          </Link>
        ) : (
          <Link to={href("/partybuilder")} className={linkClass}>
            {t("manager.build")}
          </Link>
        )}
      </p>
    </div>
  );
}

/** The link as text to copy (and, with JavaScript, a Copy button and a Print button). */
function ShareLink({ link }: { link: string }) {
  const { t } = useTranslation("parties");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-2">
      <label htmlFor="share-link" className="block font-medium">
        {t("qr.link")}
      </label>
      <input id="share-link" readOnly value={link} className={`${inputClass} font-mono text-sm`} onFocus={(e) => e.currentTarget.select()} data-testid="invite-link" />
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false))}
          >
            {t("qr.copy")}
          </button>
          <button type="button" className={secondaryButton} onClick={() => window.print()}>
            {t("qr.print")}
          </button>
          <span role="status" className={mutedText}>
            {copied ? t("qr.copied") : ""}
          </span>
        </div>
      ) : (
        <p className={`${mutedText} print:hidden`}>{t("qr.printHint")}</p>
      )}
    </div>
  );
}
