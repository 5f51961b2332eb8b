import { detailsRefusals, withProfileMessages } from "~/features/api/adapters.server";
import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { apiHandler } from "~/features/api/route.server";
import { updateMemberDetails } from "~/features/members/profile.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";

/** POST /api/updatemember/ {member fields, sessionid}: /profile's details form. */
const handle = apiHandler(apiCalls.updatemember, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: true });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, withProfileMessages(form));
  const { sessionid: _, ...details } = form.data;
  const saved = await updateMemberDetails(member.id, { ...details, lastName: details.lastName ?? null });
  return respond(call.args, saved.ok ? done({ memberID: member.id }) : refused(saved.conflict), {
    values: form.values,
    done: (result, t) => ({ result, toast: t("profile:saved") }),
    refusals: detailsRefusals,
  });
});

export const loader = handle;
export const action = handle;
