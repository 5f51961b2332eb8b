/**
 * What /accept-invite/:partyId shows: the link's party and its invitation (a token) or join
 * code, read without spending anything, with the status that names its state.
 */
import type { RouterContextProvider } from "react-router";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { waitInWords } from "~/platform/wait-words";
import { formatDay } from "~/ui/dates";
import { INVITATION_STATUS, readInvitation } from "./invitation.server";
import { isTokenShaped } from "./invites.server";
import { readJoinCode } from "./join-code";

/** What the link carries: the party, and an invitation's token or a party's join code. */
export function readLink(request: Request, params: { partyId: string }) {
  const query = new URL(request.url).searchParams;
  const partyId = /^\d{1,10}$/.test(params.partyId) ? Number(params.partyId) : 0;
  const token = query.get("invite");
  const code = query.get("code");
  return {
    partyId,
    // A token that cannot be one is still "an invitation we cannot find", not a party link.
    token: token === null ? null : isTokenShaped(token) ? token : "",
    code: code === null ? null : (readJoinCode(code) ?? ""),
  };
}

/** The screen's data, its status and (when too many codes were tried) its Retry-After. */
export async function acceptScreen(request: Request, params: { partyId: string }, context: Readonly<RouterContextProvider>, viewerId: number) {
  const link = readLink(request, params);
  const invitation = await readInvitation({ ...link, viewerId, lang: getLocale(context) });
  const lng = getLocale(context);
  const i18n = getInstance(context);
  const url = new URL(request.url);
  // The Accept goes to the link's own address, with its token or code (and nothing else it carried).
  // A client-side visit reads this through React Router's data address (`….data`).
  const pagePath = url.pathname.replace(/\.data$/, "");
  const kept = new URLSearchParams([...url.searchParams].filter(([key]) => key === "invite" || key === "code"));
  const body = {
    title: i18n.t("parties:accept.title"),
    formAction: kept.size ? `${pagePath}?${kept}` : pagePath,
    invitation,
    expiresOn: invitation.expiresAt ? formatDay(invitation.expiresAt, lng) : null,
    wait: invitation.retryAfter ? waitInWords(invitation.retryAfter, i18n.t) : null,
  };
  const status = INVITATION_STATUS[invitation.state];
  return { body, status, headers: invitation.retryAfter ? { "Retry-After": String(invitation.retryAfter) } : undefined };
}
