import { useTranslation } from "~/platform/translations";
import { Link } from "react-router";
import type { Route } from "./+types/salute-select";
import { requireMember } from "~/features/auth/principal.server";
import { withDates } from "~/features/salutes/dates";
import { gemsLeft, listReceivedSalutes } from "~/features/salutes/salutes.server";
import { ReceivedSalutes } from "~/features/salutes/ui";
import { teamNoticesFor } from "~/features/staff/notices.server";
import { TeamNotices } from "~/features/staff/team-notices";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { PageHeading, pageTitle } from "~/ui/page";
import { Section } from "~/ui/section";

export const handle = { i18n: ["salutes", "staff"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireMember(context);
  const url = new URL(request.url);
  const to = /^\d{1,10}$/.test(url.searchParams.get("to") ?? "") ? url.searchParams.get("to") : null;
  const [received, gems, notices] = await Promise.all([listReceivedSalutes(member.id, getLocale(context)), gemsLeft(member.id), teamNoticesFor(member.id)]);
  return {
    to,
    received: withDates(received, getLocale(context)),
    gemsLeft: gems,
    // Words from the team: a report of theirs handled, a warning about a salute they sent.
    notices,
    highlight: Number(url.searchParams.get("salute")) || null,
    title: getInstance(context).t("salutes:select.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Salute Select")];

const kinds = [
  { key: "compliment", path: "/compliment", icon: "💬" },
  { key: "star", path: "/starsalute", icon: "★" },
  { key: "secret", path: "/secret-salute", icon: "🤫" },
] as const;

export default function SaluteSelect({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("salutes");
  const query = loaderData.to ? `?to=${loaderData.to}` : "";
  return (
    <div className="space-y-6">
      <PageHeading>{t("select.heading")}</PageHeading>
      <TeamNotices notices={loaderData.notices} />
      <p>{t("select.intro")}</p>
      <p className="text-sm">{t("gems.left", { count: loaderData.gemsLeft })}</p>
      <ul className="grid gap-3 sm:grid-cols-3" aria-label={t("select.kinds")}>
        {kinds.map((k) => (
          <li key={k.key}>
            <Link
              to={`${k.path}${query}`}
              className="block h-full rounded-xl border border-slate-200 p-4 hover:border-glow-500 hover:bg-glow-50 dark:border-slate-800 dark:hover:bg-slate-900"
            >
              <span aria-hidden="true" className="text-2xl">{k.icon}</span>
              <span className="mt-1 block font-semibold">{t(`select.${k.key}.name`)}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{t(`select.${k.key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Section id="received" heading={t("received.heading")}>
        <ReceivedSalutes salutes={loaderData.received} highlight={loaderData.highlight} />
      </Section>
    </div>
  );
}
