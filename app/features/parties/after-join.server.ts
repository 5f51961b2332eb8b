/**
 * What follows a member joining a party, inside the joining transaction: the party's
 * activity, the newsfeed post, and — the seam for quests — the "join a party" objective.
 *
 * Every way into a party (an invitation, a typed or scanned code, an open party, an
 * accepted request) ends in `addToRoster` (roster.server.ts), which calls `afterJoin` once
 * the member is on the roster. The member's `party` quest objective is completed here, with
 * the same `tx`, so the step stands or falls with the join (the founder of a new party
 * joins through here too, with `via: "founder"`).
 */
import { writePost } from "~/features/feed/index.server";
import { publish } from "~/platform/happened.server";
import type { Tx } from "~/platform/db/transaction.server";
import { partyEvents, type Party } from "~/platform/db/schema";

export type JoinedVia = "founder" | "invite" | "code" | "open" | "request";

export interface Joined {
  party: Party;
  memberId: number;
  via: JoinedVia;
  at: Date;
}

export async function afterJoin(tx: Tx, joined: Joined) {
  const { party, memberId, at } = joined;
  await publish(tx, { what: "party", memberId, target: party.id, at });
  if (joined.via === "founder") {
    await tx.insert(partyEvents).values({ partyId: party.id, kind: "formed", actorId: memberId, subjectId: memberId, createdAt: at });
    await writePost({ type: "party", actorId: memberId, refId: party.id, text: party.name, createdAt: at }, tx);
    return;
  }
  await tx.insert(partyEvents).values({ partyId: party.id, kind: "joined", actorId: memberId, subjectId: memberId, createdAt: at });
  await writePost({ type: "party", actorId: memberId, refId: party.id, text: party.name, data: { event: "joined" }, createdAt: at }, tx);
}
