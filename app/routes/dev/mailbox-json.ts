import { data } from "react-router";
import type { Route } from "./+types/mailbox-json";
import { consoleMailbox } from "~/platform/email/email.server";
import { reachedFromThisMachine } from "~/platform/this-machine.server";
import { requestInfoContext } from "~/platform/request-context";

/** GET /dev/mailbox.json: `[{ to, subject, text, html, sentAt }]`, newest first; as /dev/mailbox, local only. */
export function loader({ request, context }: Route.LoaderArgs) {
  const mailbox = consoleMailbox();
  if (!mailbox || !reachedFromThisMachine(context.get(requestInfoContext).peerAddress, (name) => request.headers.get(name))) throw data(null, { status: 404 });
  return Response.json(mailbox.mailbox(), { headers: { "Cache-Control": "no-store" } });
}
