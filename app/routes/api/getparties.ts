import { apiCalls, callRefusals } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler, refuseCall } from "~/features/api/route.server";
import { findParties, isAllowedPartyFilter } from "~/features/parties/find-parties.server";
import { getLocale } from "~/platform/i18n.server";
import { invalid } from "~/platform/respond.server";

const FILTERS = ["memberid", "contestid", "zipcode"] as const;

/**
 * GET /api/getparties/?memberid&contestid&zipcode: exactly the combinations section 7 allows
 * (all three, or one alone); any other is a 400 that says which are allowed.
 */
const handle = apiHandler(apiCalls.getparties, async (call) => {
  await requireApiMember(call.request, call.context, call.state, call.input, { changes: false });
  const given = FILTERS.filter((name) => call.input[name] !== undefined && call.input[name] !== "");
  if (!isAllowedPartyFilter(given)) {
    return refuseCall(call, callRefusals["party-filters"], { given: given.length ? given.join(", ") : "—" });
  }
  const form = call.parse();
  if (!form.ok) return invalid(call.args, form);
  const { memberid, contestid, zipcode } = form.data;
  return answerWith(call, { parties: await findParties({ memberId: memberid, contestId: contestid, zipcode }, getLocale(call.context)) });
});

export const loader = handle;
export const action = handle;
