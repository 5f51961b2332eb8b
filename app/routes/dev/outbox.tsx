import { useTranslation } from "~/platform/translations";
import { data } from "react-router";
import type { Route } from "./+types/outbox";
import { carriesConsoleKey } from "~/platform/console-key.server";
import { getInstance } from "~/platform/i18n.server";
import { consoleOutbox } from "~/platform/sms/sms.server";
import { pageTitle } from "~/ui/page";
import { SentLog, withSentAtText } from "~/ui/sent-log";

export const handle = { i18n: ["auth"] };

/**
 * The console SMS provider's latest 50 texts, newest first. Anyone reading them can sign in
 * as anyone: the Not-found page (404) with any other provider, and for any request without
 * the key the start-up text shows (docs/decisions/1100).
 * Times are written here, in UTC and the reader's language, with seconds (which code is the
 * latest), so the browser hydrates the same text.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const outbox = consoleOutbox();
  if (!outbox || !carriesConsoleKey(request.url)) {
    throw data(null, { status: 404 });
  }
  const i18n = getInstance(context);
  const texts = outbox.outbox().map(withSentAtText(i18n.language));
  return data({ title: i18n.t("auth:outbox.title"), texts }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Outbox"),
  { name: "robots", content: "noindex" },
];

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <SentLog heading={t("outbox.heading")} intro={t("outbox.intro")} empty={t("outbox.empty")} toLabel={t("outbox.to")} sent={loaderData.texts}>
      {(text) => <pre className="mt-2 whitespace-pre-wrap font-mono">{text.body}</pre>}
    </SentLog>
  );
}
