import { useTranslation } from "~/platform/translations";
import { data } from "react-router";
import type { Route } from "./+types/mailbox";
import { consoleMailbox } from "~/platform/email/email.server";
import { getInstance } from "~/platform/i18n.server";
import { carriesConsoleKey } from "~/platform/console-key.server";
import { PageHeader, pageTitle } from "~/ui/page";

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
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  const emails = mailbox.mailbox().map((email) => ({ to: email.to, subject: email.subject, text: email.text, sentAt: email.sentAt, sentAtText: `${format.format(new Date(email.sentAt))} UTC` }));
  return data({ title: i18n.t("parties:mailbox.title"), emails }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Mailbox"),
  { name: "robots", content: "noindex" },
];

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  return (
    <div className="space-y-4">
      <PageHeader title={t("mailbox.heading")} lead={t("mailbox.intro")} />
      {loaderData.emails.length === 0 ? (
        <p>{t("mailbox.empty")}</p>
      ) : (
        <ol className="space-y-3" aria-label={t("mailbox.heading")}>
          {loaderData.emails.map((email, i) => (
            <li key={`${email.sentAt}-${i}`} className="rounded-lg border border-slate-300 p-3 dark:border-slate-700" data-testid="mail">
              <p className="text-sm">
                <span className="font-semibold">{t("mailbox.to")}</span> {email.to} · <time dateTime={email.sentAt}>{email.sentAtText}</time>
              </p>
              <p className="mt-1 font-semibold">{email.subject}</p>
              <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-sm">{email.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
