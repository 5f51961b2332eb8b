import { detailsRefusals, withProfileMessages } from "~/features/api/adapters.server";
import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { apiHandler } from "~/features/api/route.server";
import { defaultLook, randomSeed, SEED_PATTERN } from "~/features/avatars/options.server";
import { completeSignup } from "~/features/members/profile.server";
import { done, refused } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";

/** POST /api/signup/ {firstName, lastName, username, email, zipcode, style, seed}: /signup's form, once. */
const handle = apiHandler(apiCalls.signup, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: true });
  const form = call.parse();
  if (!form.ok) return invalid(call.args, withProfileMessages(form));
  const { style, seed, sessionid: _, ...details } = form.data;
  const look = defaultLook(style, seed && SEED_PATTERN.test(seed) ? seed : randomSeed());
  const saved = await completeSignup(member.id, { ...details, lastName: details.lastName ?? null }, look);
  return respond(call.args, saved.ok ? done({ memberID: member.id, accessLevel: 2 as const }) : refused(saved.conflict), {
    values: form.values,
    done: (result, t) => ({ result, toast: t("profile:signup.done", { name: details.firstName }) }),
    refusals: detailsRefusals,
  });
});

export const loader = handle;
export const action = handle;
