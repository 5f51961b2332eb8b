import { data } from "react-router";
import type { Route } from "./+types/outbox-json";
import { consoleOutbox } from "~/platform/sms/sms.server";

/** GET /dev/outbox.json: `[{ to, body, sentAt }]`, newest first; 404 unless the console provider is active. */
export function loader(_: Route.LoaderArgs) {
  const outbox = consoleOutbox();
  if (!outbox) throw data(null, { status: 404 });
  return Response.json(outbox.outbox(), { headers: { "Cache-Control": "no-store" } });
}
