import type { Route } from "./+types/salute-received";
import { requireMember } from "~/features/auth/principal.server";
import { hideSalute, reportSalute } from "~/features/salutes/salutes.server";
import { SaluteClosing } from "~/features/salutes/schemas";
import { parseForm } from "~/platform/forms.server";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

/** A recipient hides or reports a salute they received (plain form posts, PRG). */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, SaluteClosing);
  // The page the salute was on, without the salute it had open.
  const back = backTo(args.request, form.values, "/salute-select").replace(/[?&]salute=\d+/, "").replace(/#.*$/, "");
  if (!form.ok) return invalid(args, form, { back });
  const closing = form.data;
  const closed =
    closing.intent === "hide" ? await hideSalute(member.id, closing.saluteId) : await reportSalute(member.id, closing.saluteId, closing.reason);
  return respond(args, closed, {
    back,
    refusals: { gone: { status: 404, message: "salutes:received.gone" } },
    done: (_kind, t) => ({ toast: t(closing.intent === "hide" ? "salutes:received.hidden" : "salutes:received.reported"), result: null }),
  });
}

/** A typed or bookmarked address: browsers go to /salute-select, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/salute-select");
}
