/**
 * What QRcode shows: an invitation's QR code (right after a ringleader made or resent it:
 * its link is shown only then), a party's QR code with its join code under it (for a
 * poster), or, for a member who leads no party, their own invitation to Glow. Drawn on the
 * server. Another ringleader's party is a 403, an invitation or party that is not there 404.
 */
import { data, type RouterContextProvider } from "react-router";
import type { CurrentMember } from "~/features/auth/index.server";
import { displayName } from "~/features/members/index.server";
import { getLocale } from "~/platform/i18n.server";
import { drawQr } from "~/platform/qr.server";
import { forbidden } from "~/platform/respond.server";
import { formatDay } from "~/ui/dates";
import { codeLink, findInvite, inviteLink } from "./invites.server";
import { formatJoinCode } from "./join-code";
import { publicOrigin } from "./links.server";
import { leadsParty, partiesLedBy, posterParty } from "./views.server";

export async function qrScreen(request: Request, context: Readonly<RouterContextProvider>, current: CurrentMember) {
  const me = current.member.id;
  const url = new URL(request.url);
  const origin = publicOrigin(request);
  const token = url.searchParams.get("invite");
  const asked = url.searchParams.get("party");

  if (token !== null) {
    const invite = await findInvite(token);
    const party = invite ? await posterParty(invite.partyId) : null;
    // Only the party's ringleaders see an invitation's code here.
    if (!invite || !party || !(await leadsParty(party.id, me))) throw data(null, { status: 404 });
    const link = inviteLink(origin, invite, token);
    return {
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
      if (asked !== null && (await posterParty(Number(asked) || 0))) forbidden(request, context);
      throw data(null, { status: 404 });
    }
    const party = (await posterParty(chosen.id))!;
    const link = codeLink(origin, party);
    return {
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
  return { kind: "member" as const, party: null, link, drawing: drawQr(link), code: null, email: null, pending: true, expiresOn: null, led };
}
