/**
 * /login and /dashboard, server side: what the pages show and what their forms do. Every
 * form goes the one way (who acts, parse, command, respond); who may do what is checked
 * here, on the server, for every post: any staff member signs out and moderates, only an
 * admin manages members and staff.
 */
import { redirect, type RouterContextProvider, href } from "react-router";
import { z } from "zod";
import { getLocale } from "~/platform/i18n.server";
import { parseForm, parseInput, unreadableForm, type ParsedForm } from "~/platform/forms.server";
import { log } from "~/platform/log.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { requestInfoContext } from "~/platform/request-context";
import { invalid, respond, withSetCookies, type ActionArgs } from "~/platform/respond.server";
import { flashToast } from "~/platform/toast.server";
import { getInstance } from "~/platform/i18n.server";
import { formatMoment } from "~/ui/dates";
import { reportQueue } from "~/features/salutes/index.server";
import {
  addAgentResource,
  createStaffAccount,
  listStaffAccounts,
  newPassword,
  NewResource,
  NewStaffAccount,
  removeAgentResource,
  resourcesOfAgent,
  setStaffPassword,
} from "./accounts.server";
import { listAudit } from "./audit.server";
import { contestsAtAGlance, lookUpMembers, MemberLookup, suspendedMembers } from "./console.server";
import { HandleReport, handleReport } from "./moderation.server";
import { currentStaff, requireStaff } from "./principal.server";
import { endStaffCookie, staffCookieFor, staffSessionIdOf } from "./sessions.server";
import { olderFlowSignInResult, signInStaff, signOutStaff, StaffSignIn, staffSignInRefusals } from "./sign-in.server";
import { liftSuspension, SuspendMember, suspendMember } from "./suspensions.server";

type Context = Readonly<RouterContextProvider>;

/** The dashboard after a sign-in that should open the agent's one resource in a new tab. */
export const OPEN_RESOURCE_PARAM = "opening";

// ───────────── /login ─────────────

export async function loadLoginPage(request: Request, context: Context) {
  const url = new URL(request.url);
  if (await currentStaff(context)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), url.origin, href("/dashboard")));
  return { title: getInstance(context).t("staff:login.title") };
}

export async function signInFromLoginPage(args: ActionArgs) {
  const { request, context } = args;
  const form = await parseForm(request, StaffSignIn);
  if (!form.ok) return invalid(args, form);
  const outcome = await signInStaff({
    ...form.data,
    clientIp: context.get(requestInfoContext).clientIp,
    previousSid: await staffSessionIdOf(request),
  });
  const url = new URL(request.url);
  const asked = safeRedirectPath(url.searchParams.get("redirectTo"), url.origin, href("/dashboard"));
  const answer = respond(args, outcome, {
    values: form.values,
    done: (signedIn, t) => ({
      // Section 6: an agent with exactly one resource gets it opened in a new tab.
      redirectTo: asked === href("/dashboard") && signedIn.resources.length === 1 ? `${href("/dashboard")}?${OPEN_RESOURCE_PARAM}=1` : asked,
      toast: t("staff:toast.signedIn"),
      // Section 7's older flow posts JSON {username, password} to /login and reads
      // result.sessionid, is_admin and agentid: what /api/login answers, and the resources.
      result: { ...olderFlowSignInResult(signedIn), resources: signedIn.resources },
    }),
    refusals: staffSignInRefusals,
  });
  return outcome.ok ? withSetCookies(answer, [await staffCookieFor(outcome.value.sid)]) : answer;
}

// ───────────── /dashboard ─────────────

export async function loadDashboard(request: Request, context: Context) {
  const staff = await requireStaff(context);
  const url = new URL(request.url);
  const locale = getLocale(context);
  const when = (iso: string | null) => (iso ? formatMoment(iso, locale) : null);
  const resources = staff.agentId ? await resourcesOfAgent(staff.agentId) : [];
  const queue = await reportQueue(locale);
  const base = {
    staff: { username: staff.username, isAdmin: staff.isAdmin, agentId: staff.agentId },
    resources,
    // The one resource to open now (a sign-in just happened); the link is on the page either way.
    openResource: url.searchParams.get(OPEN_RESOURCE_PARAM) === "1" && resources.length === 1 ? resources[0]! : null,
    queue: queue.map((r) => ({ ...r, sentOn: when(r.sentAt)!, reportedOn: when(r.reportedAt)! })),
    title: getInstance(context).t("staff:dashboard.title"),
  };
  if (!staff.isAdmin) return { ...base, admin: null };

  const lookup = MemberLookup.safeParse({ q: url.searchParams.get("q") ?? "" });
  const q = lookup.success ? lookup.data.q : "";
  const before = Number(url.searchParams.get("auditBefore")) || undefined;
  const [found, suspended, accounts, contests, audit] = await Promise.all([
    q ? lookUpMembers(staff, q, locale) : Promise.resolve(null),
    suspendedMembers(locale),
    listStaffAccounts(),
    contestsAtAGlance(locale),
    listAudit({ before }),
  ]);
  const withDate = <T extends { suspension: { at: string } | null }>(m: T) => ({ ...m, suspendedOn: when(m.suspension?.at ?? null) });
  return {
    ...base,
    admin: {
      q,
      found: found?.map(withDate) ?? null,
      suspended: suspended.map(withDate),
      accounts: accounts.map((a) => ({ ...a, lastSignedInOn: when(a.lastSignedInAt) })),
      contests: contests.map((c) => ({ ...c, startsOn: when(c.startsAt), endsOn: when(c.endsAt) })),
      audit: audit.map((e) => ({ ...e, atText: when(e.at)! })),
      auditBefore: before ?? null,
    },
  };
}

const Intent = z.object({
  intent: z.enum([
    "sign-out",
    "handle-report",
    "suspend-member",
    "lift-suspension",
    "create-staff",
    "set-password",
    "add-resource",
    "remove-resource",
  ]),
});

const LiftSuspension = z.object({ memberId: z.coerce.number().int().positive().max(2_147_483_647) });
const SetPassword = z.object({ staffUserId: z.coerce.number().int().positive().max(2_147_483_647), password: newPassword });
const RemoveResource = z.object({ resourceId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Where a dashboard form's answer lands: the section it belongs to. */
const section = (id: string) => `${href("/dashboard")}#${id}`;

export async function dashboardAction(args: ActionArgs) {
  const { request, context } = args;
  const form = await parseForm(request, z.looseObject({ intent: z.string() }));
  if (!form.ok) return invalid(args, form);
  const intent = Intent.safeParse(form.data);
  if (!intent.success) return invalid(args, { ...unreadableForm(), values: form.values });
  const input = form.data as Record<string, unknown>;
  const parse = <S extends z.ZodType>(schema: S): ParsedForm<z.output<S>> => parseInput(input, schema);

  switch (intent.data.intent) {
    case "sign-out":
      return signOutFromDashboard(request, context);

    case "handle-report": {
      const staff = await requireStaff(context);
      const parsed = parse(HandleReport);
      if (!parsed.ok) return invalid(args, parsed);
      return respond(args, await handleReport(staff, parsed.data), {
        values: parsed.values,
        done: ({ decision }, t) => ({ redirectTo: section("queue"), toast: t(decision === "hide" ? "staff:toast.hidden" : "staff:toast.restored") }),
        refusals: {
          "report-gone": { status: 409, message: "staff:errors.reportGone" },
          "admins-only": { status: 403, message: "staff:errors.adminsOnly", field: "sender" },
        },
      });
    }

    case "suspend-member": {
      const staff = await requireStaff(context, { admin: true });
      const parsed = parse(SuspendMember);
      if (!parsed.ok) return invalid(args, parsed);
      return respond(args, await suspendMember(staff, parsed.data.memberId, parsed.data.reason), {
        values: parsed.values,
        done: (_, t) => ({ redirectTo: backToMembers(request), toast: t("staff:toast.suspended") }),
        refusals: {
          "no-such-member": { status: 404, message: "staff:errors.noSuchMember" },
          "already-suspended": { status: 409, message: "staff:errors.alreadySuspended" },
        },
      });
    }

    case "lift-suspension": {
      const staff = await requireStaff(context, { admin: true });
      const parsed = parse(LiftSuspension);
      if (!parsed.ok) return invalid(args, parsed);
      return respond(args, await liftSuspension(staff, parsed.data.memberId), {
        values: parsed.values,
        done: (_, t) => ({ redirectTo: backToMembers(request), toast: t("staff:toast.lifted") }),
        refusals: { "not-suspended": { status: 409, message: "staff:errors.notSuspended" } },
      });
    }

    case "create-staff": {
      const staff = await requireStaff(context, { admin: true });
      const parsed = parse(NewStaffAccount);
      if (!parsed.ok) return invalid(args, parsed);
      return respond(args, await createStaffAccount(staff, parsed.data), {
        values: parsed.values,
        done: (_, t) => ({ redirectTo: section("staff"), toast: t("staff:toast.staffCreated") }),
        refusals: { "username-taken": { status: 409, message: "staff:errors.usernameTaken", field: "username" } },
      });
    }

    case "set-password": {
      const staff = await requireStaff(context, { admin: true });
      const parsed = parse(SetPassword);
      if (!parsed.ok) return invalid(args, parsed);
      return respond(args, await setStaffPassword(staff, parsed.data.staffUserId, parsed.data.password), {
        values: parsed.values,
        done: (_, t) => ({ redirectTo: section("staff"), toast: t("staff:toast.passwordSet") }),
        refusals: { "no-such-staff": { status: 404, message: "staff:errors.noSuchStaff" } },
      });
    }

    case "add-resource": {
      const staff = await requireStaff(context, { admin: true });
      const parsed = parse(NewResource);
      if (!parsed.ok) return invalid(args, parsed);
      return respond(args, await addAgentResource(staff, parsed.data), {
        values: parsed.values,
        done: (_, t) => ({ redirectTo: section("staff"), toast: t("staff:toast.resourceAdded") }),
        refusals: { "no-such-agent": { status: 404, message: "staff:errors.noSuchAgent" } },
      });
    }

    case "remove-resource": {
      const staff = await requireStaff(context, { admin: true });
      const parsed = parse(RemoveResource);
      if (!parsed.ok) return invalid(args, parsed);
      return respond(args, await removeAgentResource(staff, parsed.data.resourceId), {
        values: parsed.values,
        done: (_, t) => ({ redirectTo: section("staff"), toast: t("staff:toast.resourceRemoved") }),
        refusals: { "no-such-resource": { status: 404, message: "staff:errors.noSuchResource" } },
      });
    }
  }
}

/** Back to the member look-up the form was on (its ?q=), at the members section. */
function backToMembers(request: Request) {
  const referer = request.headers.get("Referer");
  const origin = new URL(request.url).origin;
  try {
    const page = new URL(referer ?? "", origin);
    if (page.origin === origin && page.pathname === href("/dashboard")) {
      const q = page.searchParams.get("q");
      return q ? `${href("/dashboard")}?q=${encodeURIComponent(q)}#members` : section("members");
    }
  } catch {
    // no usable Referer: the section itself
  }
  return section("members");
}

/**
 * Sign-out always ends up signed out on /, whatever happened on the way: the cookie goes
 * even when the database could not be told (the session then simply expires).
 */
async function signOutFromDashboard(request: Request, context: Context) {
  const sid = await staffSessionIdOf(request);
  if (sid) {
    try {
      await signOutStaff(sid);
    } catch (error) {
      log.error("staff sign-out could not reach the database", { error: String(error) });
    }
  }
  flashToast(context, "success", getInstance(context).t("staff:toast.signedOut"));
  return redirect(href("/"), { status: 303, headers: { "Set-Cookie": await endStaffCookie() } });
}
