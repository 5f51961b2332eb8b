import type { Route } from "./+types/team-notice-dismiss";
import { requireMember } from "~/features/auth/principal.server";
import { DismissNotice, dismissTeamNotice } from "~/features/staff/notices.server";
import { parseForm } from "~/platform/forms.server";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

/** A member dismisses a notice from the team (a plain form post; back to the page it was on). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { member } = await requireMember(context);
  const form = await parseForm(request, DismissNotice);
  const back = backTo(request, form.values, "/salute-select");
  if (!form.ok) return invalid(args, form, { back });
  return respond(args, await dismissTeamNotice(member.id, form.data.noticeId), {
    values: form.values,
    back,
    done: (_, t) => ({ toast: t("staff:notices.dismissed"), result: { dismissed: form.data.noticeId } }),
    refusals: { gone: { status: 404, message: "staff:notices.gone" } },
  });
}

/** A typed or bookmarked address: browsers go to /salute-select, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/salute-select");
}
