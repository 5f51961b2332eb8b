import { data } from "react-router";
import { eventStream } from "remix-utils/sse/server";
import type { Route } from "./+types/contest-events";
import { requireMember } from "~/features/auth/principal.server";
import { contestTopic, mayFollowContest } from "~/features/contests/live.server";
import { subscribeEvents } from "~/platform/events.server";

/**
 * A contest's event stream (server-sent events): "changed" when something its screens show
 * changed. Only for those who may see the contest; the event carries no data (the page's
 * loader applies the publish gate when it reloads).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const contestId = /^\d{1,10}$/.test(params.contestId) ? Number(params.contestId) : 0;
  if (!contestId || !(await mayFollowContest(current.member.id, current.roles, contestId))) throw data(null, { status: 404 });
  const topic = contestTopic(contestId);
  return eventStream(
    request.signal,
    (send) => {
      let n = 0;
      const stop = () => {
        clearInterval(keepAlive);
        unsubscribe();
      };
      // A browser that goes away cancels the stream before the request's signal says so
      // (eventStream only listens to the signal), and a send then throws from a timer or
      // a commit's after-work, which would end the process: such a send stops the stream's
      // work instead.
      const sendOrStop = (event: { event: string; data: string }) => {
        try {
          send(event);
        } catch {
          stop();
        }
      };
      const unsubscribe = subscribeEvents((heard) => {
        if (heard === topic) sendOrStop({ event: "changed", data: String(++n) });
      });
      // A comment now and then keeps proxies from closing a quiet stream.
      const keepAlive = setInterval(() => sendOrStop({ event: "ping", data: "" }), 25_000);
      return stop;
    },
    // eventStream itself says Cache-Control: no-cache; X-Accel-Buffering keeps nginx from holding events.
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
