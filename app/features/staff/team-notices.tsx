/** Words from the Glow team to a member (a report handled, a warning), each dismissible. */
import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { secondaryButton } from "~/ui/buttons";
import { RedirectField } from "~/ui/redirect-field";
import { Section } from "~/ui/section";
import type { TeamNotice } from "./notices.server";

export function TeamNotices({ notices }: { notices: TeamNotice[] }) {
  const { t } = useTranslation("staff");
  if (notices.length === 0) return null;
  return (
    <Section id="team-notices" heading={t("notices.heading")} quiet className="rounded-xl border-l-4 border-glow-500 bg-glow-50 p-4 dark:bg-slate-900">
      <ul className="space-y-2">
        {notices.map((n) => (
          <li key={n.id} data-notice-kind={n.kind} className="flex flex-wrap items-center justify-between gap-2">
            <p>{t(`notices.${n.kind}`)}</p>
            <Form method="post" action={href("/team-notices/dismiss")}>
              <RedirectField />
              <input type="hidden" name="noticeId" value={n.id} />
              <button type="submit" className={secondaryButton}>
                {t("notices.dismiss")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </Section>
  );
}
