import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/salute-received";
import { requireMember } from "~/features/auth/sessions.server";
import { reportReasons } from "~/features/salutes/report-reasons";
import { hideSalute, reportSalute } from "~/features/salutes/salutes.server";
import { getInstance } from "~/platform/i18n.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { flashToast } from "~/platform/toast.server";

const Body = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("hide"), saluteId: z.coerce.number().int().positive().max(2_147_483_647) }),
  z.object({
    intent: z.literal("report"),
    saluteId: z.coerce.number().int().positive().max(2_147_483_647),
    reason: z.enum(reportReasons).default("other"),
  }),
]);

/** A recipient hides or reports a salute they received (plain form posts, PRG). */
export async function action({ request, context }: Route.ActionArgs) {
  const { member } = await requireMember(request, context);
  const form = Object.fromEntries(await request.formData());
  const back = safeRedirectPath(form.redirectTo, new URL(request.url).origin, "/salute-select");
  const parsed = Body.safeParse(form);
  if (!parsed.success) throw data(null, { status: 400 });
  const t = getInstance(context).t;
  const done =
    parsed.data.intent === "hide"
      ? await hideSalute(member.id, parsed.data.saluteId)
      : await reportSalute(member.id, parsed.data.saluteId, parsed.data.reason);
  // Not theirs or not there: the same answer either way.
  if (!done) throw data(null, { status: 404 });
  flashToast(context, "success", t(parsed.data.intent === "hide" ? "salutes:received.hidden" : "salutes:received.reported"));
  return redirect(back.replace(/[?&]salute=\d+/, "").replace(/#.*$/, ""));
}

export async function loader() {
  throw data(null, { status: 404 });
}
