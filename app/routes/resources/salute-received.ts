import { redirect } from "react-router";
import { z } from "zod";
import { onlyPosts } from "~/platform/respond.server";
import type { Route } from "./+types/salute-received";
import { requireMember } from "~/features/auth/sessions.server";
import { reportReasons } from "~/features/salutes/report-reasons";
import { hideSalute, reportSalute } from "~/features/salutes/salutes.server";
import { getInstance } from "~/platform/i18n.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { refusedPost } from "~/platform/refused-post.server";
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
  if (!parsed.success) return refused(request, context, back, 400, "salutes:received.refused");
  const t = getInstance(context).t;
  const done =
    parsed.data.intent === "hide"
      ? await hideSalute(member.id, parsed.data.saluteId)
      : await reportSalute(member.id, parsed.data.saluteId, parsed.data.reason);
  // Not theirs or not there: the same answer either way.
  if (!done) return refused(request, context, back, 404, "salutes:received.gone");
  flashToast(context, "success", t(parsed.data.intent === "hide" ? "salutes:received.hidden" : "salutes:received.reported"));
  return redirect(pageOf(back));
}

/** The page a salute was on, without the salute it had open. */
const pageOf = (back: string) => back.replace(/[?&]salute=\d+/, "").replace(/#.*$/, "");

/** A hide or report that cannot be done: back to the page with a toast, or JSON (refusedPost). */
function refused(request: Request, context: Route.ActionArgs["context"], back: string, status: 400 | 404, key: string) {
  return refusedPost(request, context, { back: pageOf(back), status, message: getInstance(context).t(key) });
}

/** A typed or bookmarked address: browsers go to /salute-select, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/salute-select");
}
