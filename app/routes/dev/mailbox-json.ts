import { data } from "react-router";
import type { Route } from "./+types/mailbox-json";
import { consoleMailbox } from "~/platform/email/email.server";
import { carriesConsoleKey } from "~/platform/console-key.server";

/** GET /dev/mailbox.json?key=…: `[{ to, subject, text, html, sentAt }]`, newest first; as /dev/mailbox, with the key only. */
export function loader({ request }: Route.LoaderArgs) {
  const mailbox = consoleMailbox();
  if (!mailbox || !carriesConsoleKey(request.url)) throw data(null, { status: 404 });
  return Response.json(mailbox.mailbox(), { headers: { "Cache-Control": "no-store" } });
}
