import { data } from "react-router";
import type { Route } from "./+types/contest-events";
import { requireMember } from "~/features/auth/principal.server";
import { contestTopic, mayFollowContest } from "~/features/contests/live.server";
import { followTopic, openEventStream, refuseEventStream } from "~/platform/event-streams.server";

/**
 * A contest's event stream (server-sent events): "changed" when something its screens show
 * changed. Only for those who may see the contest; the event carries no data (the page's
 * loader applies the publish gate when it reloads). A member holds a few at most, an
 * instance a bounded number (429 beyond, platform/event-streams.server.ts).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const contestId = /^\d{1,10}$/.test(params.contestId) ? Number(params.contestId) : 0;
  if (!contestId || !(await mayFollowContest(current.member.id, current.roles, contestId))) throw data(null, { status: 404 });
  const opened = openEventStream(request, current.member.id, followTopic(contestTopic(contestId)));
  if (!opened.ok) throw refuseEventStream(context, opened);
  return opened.value;
}
