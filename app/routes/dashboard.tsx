import { useTranslation } from "~/platform/translations";
import type { Route } from "./+types/dashboard";
import { dashboardAction, loadDashboard } from "~/features/staff/dashboard.server";
import {
  AccountsSection,
  AuditSection,
  ContestsSection,
  MembersSection,
  ModerationQueue,
  Resources,
  SignOutForm,
  useStaffSessionStorage,
} from "~/features/staff/dashboard-ui";
import { STAFF_TOAST_AUTO_CLOSE_MS } from "~/ui/toaster";
import { PageHeader, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";

/** The older username/password flow's home: its toasts last 5000 ms (section 9). */
export const handle = { i18n: ["staff", "salutes"], toastMs: STAFF_TOAST_AUTO_CLOSE_MS };

export const loader = ({ request, context }: Route.LoaderArgs) => loadDashboard(request, context);
export const action = ({ request, context }: Route.ActionArgs) => dashboardAction({ request, context });

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Dashboard")];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { staff, resources, openResource, queue, admin } = loaderData;
  const answer = useFormAnswer();
  useStaffSessionStorage(staff.isAdmin, resources);
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("dashboard.heading")}
        lead={`${t("dashboard.signedInAs", { name: staff.username })} · ${staff.isAdmin ? t("dashboard.roleAdmin") : t("dashboard.roleAgent")}`}
        actions={<SignOutForm />}
      />
      <nav aria-label={t("dashboard.sections")} className="flex flex-wrap gap-3 text-sm">
        {staff.agentId ? <a href="#resources" className="underline">{t("resources.heading")}</a> : null}
        <a href="#queue" className="underline">{t("queue.heading")}</a>
        {admin ? (
          <>
            <a href="#members" className="underline">{t("members.heading")}</a>
            <a href="#staff" className="underline">{t("accounts.heading")}</a>
            <a href="#contests" className="underline">{t("contests.heading")}</a>
            <a href="#audit" className="underline">{t("audit.heading")}</a>
          </>
        ) : null}
      </nav>
      {staff.agentId ? <Resources resources={resources} openNow={openResource} /> : null}
      <ModerationQueue queue={queue} isAdmin={staff.isAdmin} answer={answer} />
      {admin ? (
        <>
          <MembersSection q={admin.q} found={admin.found} suspended={admin.suspended} answer={answer} />
          <AccountsSection accounts={admin.accounts} answer={answer} />
          <ContestsSection contests={admin.contests} />
          <AuditSection audit={admin.audit} before={admin.auditBefore} />
        </>
      ) : null}
    </div>
  );
}
