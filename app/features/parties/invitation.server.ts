/**
 * The Accept Invite screen's reading of a link: an invitation's token, a party's join code
 * (a scanned poster, a typed code), or a party alone (an open or request party's link).
 * Reading spends nothing: only the Accept post does (acceptInvite, joinWithCode…).
 */
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { partyJoinRequests, partyMembers, parties, type InviteChannel, type PartyRole } from "~/platform/db/schema";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { findInvite, inviteProblem } from "./invites.server";
import { peopleByIds, type Person } from "./people.server";
import { PARTY_RULES } from "./rules";
import { invitationParty } from "./views.server";
import type { Language } from "~/platform/i18n";

export type InvitationState =
  /** An invitation or a code that can be accepted. */
  | "ready"
  /** An open party: Join. */
  | "join"
  /** A request party: Ask to join. */
  | "request"
  | "requested"
  | "invite-only"
  | "member"
  | "expired"
  | "revoked"
  | "replaced"
  | "declined"
  | "used"
  | "full"
  | "other-party"
  | "locked"
  | "unknown-invite"
  | "stale-code"
  | "too-many-tries"
  | "disbanded"
  | "unknown-party";

/** The answer's status for each state: the screen is the refusal's explanation. */
export const INVITATION_STATUS: Record<InvitationState, 200 | 404 | 409 | 410 | 429> = {
  ready: 200,
  join: 200,
  request: 200,
  requested: 200,
  "invite-only": 200,
  member: 200,
  expired: 410,
  revoked: 410,
  replaced: 410,
  declined: 410,
  used: 409,
  full: 409,
  "other-party": 409,
  locked: 409,
  "unknown-invite": 404,
  "stale-code": 410,
  "too-many-tries": 429,
  disbanded: 410,
  "unknown-party": 404,
};

export interface Invitation {
  kind: "invite" | "code" | "party";
  state: InvitationState;
  party: {
    id: number;
    name: string;
    motto: string;
    contest: { id: number; name: string } | null;
    joinPolicy: string;
    members: number;
    cap: number;
    ringleaders: Person[];
  } | null;
  inviter: Person | null;
  role: PartyRole;
  channel: InviteChannel | null;
  expiresAt: string | null;
  /** The viewer's party in the same contest, when that is what stands in the way. */
  otherParty: string | null;
  retryAfter?: number;
}

/** Typed or scanned codes a member may try in ten minutes (codes are found only by trying). */
export function codeTries(memberId: number, now = new Date()) {
  return hitRateLimit("party-code-member", String(memberId), { limit: PARTY_RULES.codeTriesPer10Minutes, windowMs: 10 * 60 * 1000 }, now);
}

export async function readInvitation(input: {
  partyId: number;
  token: string | null;
  code: string | null;
  viewerId: number;
  /** The reader's language: a person without a chosen name is named in it (0512). */
  lang: Language;
  now?: Date;
}): Promise<Invitation> {
  const now = input.now ?? new Date();
  const kind: Invitation["kind"] = input.token !== null ? "invite" : input.code !== null ? "code" : "party";
  const blank: Invitation = { kind, state: "unknown-party", party: null, inviter: null, role: "member", channel: null, expiresAt: null, otherParty: null };
  const found = await invitationParty(input.partyId, input.lang, now);
  if (!found) return blank;
  const party = {
    id: found.id,
    name: found.name,
    motto: found.motto,
    contest: found.contest,
    joinPolicy: found.joinPolicy,
    members: found.members,
    cap: found.cap,
    ringleaders: found.ringleaders,
  };
  const answer = (state: InvitationState, extra: Partial<Invitation> = {}): Invitation => ({ ...blank, party, state, ...extra });

  const [mine] = await db()
    .select({ role: partyMembers.role })
    .from(partyMembers)
    .where(and(eq(partyMembers.partyId, found.id), eq(partyMembers.memberId, input.viewerId)));

  /** Whether anything but the invitation itself stands in the way of joining. */
  const obstacle = async (placesFree: boolean, role: PartyRole): Promise<Invitation | null> => {
    if (found.disbanded) return answer("disbanded");
    if (mine && !(role === "ringleader" && mine.role === "member")) return answer("member");
    if (mine) return null; // a promotion
    if (found.locked) return answer("locked");
    if (found.contest) {
      const [other] = await db()
        .select({ name: parties.name })
        .from(partyMembers)
        .innerJoin(parties, eq(parties.id, partyMembers.partyId))
        .where(and(eq(partyMembers.memberId, input.viewerId), eq(partyMembers.contestId, found.contest.id)));
      if (other) return answer("other-party", { otherParty: other.name });
    }
    if (!placesFree) return answer("full");
    return null;
  };

  if (input.token !== null) {
    const invite = await findInvite(input.token, found.id);
    if (!invite) return answer("unknown-invite");
    const people = await peopleByIds([invite.inviterId], db(), input.lang);
    const details = {
      inviter: invite.inviterId === null ? null : (people.get(invite.inviterId) ?? null),
      role: invite.role,
      channel: invite.channel,
      expiresAt: invite.expiresAt.toISOString(),
    };
    const problem = inviteProblem(invite, now, input.viewerId);
    if (problem === "mine") return answer("member", details);
    if (problem) return answer(problem, details);
    // This invitation already holds one of the places.
    const blocked = await obstacle(found.members + found.pending - 1 < found.cap, invite.role);
    return blocked ? { ...blocked, ...details } : answer("ready", details);
  }

  const viaRingleaders = { inviter: found.ringleaders[0] ?? null };
  if (input.code !== null) {
    if (mine) return answer("member", viaRingleaders);
    const tries = await codeTries(input.viewerId, now);
    if (!tries.allowed) return answer("too-many-tries", { retryAfter: tries.retryAfterSeconds });
    if (input.code !== found.joinCode) return answer("stale-code");
    const blocked = await obstacle(found.members + found.pending < found.cap, "member");
    return blocked ? { ...blocked, ...viaRingleaders } : answer("ready", viaRingleaders);
  }

  const blocked = await obstacle(found.members + found.pending < found.cap, "member");
  if (blocked && (blocked.state !== "full" || found.joinPolicy === "open")) return blocked;
  if (found.joinPolicy === "open") return answer("join");
  // A private party shows someone without an invitation its name alone.
  if (found.joinPolicy === "invite") return answer("invite-only", { party: { ...party, motto: "", ringleaders: [] } });
  const [asked] = await db()
    .select({ id: partyJoinRequests.id })
    .from(partyJoinRequests)
    .where(and(eq(partyJoinRequests.partyId, found.id), eq(partyJoinRequests.memberId, input.viewerId), eq(partyJoinRequests.status, "pending")));
  return answer(asked ? "requested" : "request");
}
