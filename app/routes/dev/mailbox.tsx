import { useTranslation } from "~/platform/translations";
import { data } from "react-router";
import type { Route } from "./+types/mailbox";
import { consoleMailbox } from "~/platform/email/email.server";
import { getInstance } from "~/platform/i18n.server";
import { carriesConsoleKey } from "~/platform/console-key.server";
import { pageTitle } from "~/ui/page";
import { SentLog, withSentAtText } from "~/ui/sent-log";

export const handle = { i18n: ["parties"] };

/**
 * The console email sender's latest 50 emails, newest first: 404 with any other sender,
 * and to any request without the key the start-up text shows (invitation links are in them:
 * docs/decisions/1100).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const mailbox = consoleMailbox();
  if (!mailbox || !carriesConsoleKey(request.url)) throw data(null, { status: 404 });
  const i18n = getInstance(context);
  const written = withSentAtText(i18n.language);
  const emails = mailbox.mailbox().map(({ to, subject, text, sentAt }) => written({ to, subject, text, sentAt }));
  return data({ title: i18n.t("parties:mailbox.title"), emails }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Mailbox"),
  { name: "robots", content: "noindex" },
];

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  return (
    <SentLog heading={t("mailbox.heading")} intro={t("mailbox.intro")} empty={t("mailbox.empty")} toLabel={t("mailbox.to")} sent={loaderData.emails} testId="mail">
      {(email) => (
        <>
          <p className="mt-1 font-semibold">{email.subject}</p>
          <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-sm">{email.text}</pre>
        </>
      )}
    </SentLog>
  );
}
