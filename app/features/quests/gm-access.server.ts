/**
 * The game master's screens choose a contest (?contest=…, or their first) and are guarded
 * for it: requireRole(context, "gamemaster", { contestId }). Who may enter the console at all
 * (signed in, a game master or a judge) its layout route asked before (routes/areas/console.tsx).
 */
import type { RouterContextProvider } from "react-router";
import { principalRequest } from "~/platform/principal.server";
import { forbidden } from "~/platform/respond.server";
import { areaMember, requireRole } from "~/features/auth/index.server";
import { gameMasterContests } from "./game-master.server";

export async function gameMasterOf(context: Readonly<RouterContextProvider>, asked: string | null | undefined) {
  const me = await areaMember(context);
  const contests = await gameMasterContests(me.member.id);
  const contestId = asked && /^\d{1,10}$/.test(asked) ? Number(asked) : contests[0]?.id;
  if (contestId === undefined) {
    // A judge, or a game master of no contest yet: nothing here is theirs.
    forbidden(principalRequest(context), context);
  }
  await requireRole(context, "gamemaster", { contestId });
  return { me, contestId, contests, contest: contests.find((c) => c.id === contestId) ?? { id: contestId, name: "" } };
}
