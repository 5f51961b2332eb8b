import type { Route } from "./+types/team-notice-dismiss";
import { requireMember } from "~/features/auth/principal.server";
import { DismissNotice, dismissTeamNotice } from "~/features/staff/notices.server";
import { parseForm } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { onlyPosts } from "~/platform/page-post";
import { safeRedirectPath } from "~/platform/redirect-to";
import { invalid, respond } from "~/platform/respond.server";

/** A member dismisses a notice from the team (a plain form post; back to the page it was on). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { member } = await requireMember(context);
  const form = await parseForm(request, DismissNotice);
  const back = safeRedirectPath(form.values.redirectTo, new URL(request.url).origin, "/salute-select");
  if (!form.ok) return invalid(args, form, { back });
  return respond(args, await dismissTeamNotice(member.id, form.data.noticeId), {
    values: form.values,
    back,
    done: () => ({ toast: "staff:notices.dismissed", result: { dismissed: form.data.noticeId } }),
    refusals: { gone: { status: 404, message: "staff:notices.gone" } },
  });
}

/** A typed or bookmarked address: browsers go to /salute-select, anything else gets 405. */
export function loader({ request, context }: Route.LoaderArgs) {
  return onlyPosts(request, "/salute-select", getInstance(context).t);
}
