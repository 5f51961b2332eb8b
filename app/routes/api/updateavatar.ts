import { apiCalls } from "~/features/api/calls.server";
import { requireApiMember } from "~/features/api/caller.server";
import { answerWith, apiHandler } from "~/features/api/route.server";
import { saveMemberLook } from "~/features/avatars/characters.server";
import { avatarUrl } from "~/features/avatars/look";
import { parseLook } from "~/features/avatars/options.server";
import { invalid } from "~/platform/respond.server";

/** The creator's yes/no options, as a form sends them ("true", "on") or JSON does. */
const yesNo = new Set(["flip", "clip", "randomizeIds"]);

/** POST /api/updateavatar/ {character fields}: the creator's save, with its rules (each style's own). */
const handle = apiHandler(apiCalls.updateavatar, async (call) => {
  const { member } = await requireApiMember(call.request, call.context, call.state, call.input, { changes: true });
  const raw: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(call.input)) {
    if (name === "sessionid") continue;
    raw[name] = yesNo.has(name) && typeof value === "string" ? ["true", "on", "1"].includes(value) : value;
  }
  const parsed = parseLook(raw);
  if (!parsed.success) {
    const problems = Object.fromEntries(Object.entries(parsed.errors).map(([field, e]) => [field, { key: `avatar:${e.key}`, params: e.values ?? {} }]));
    return invalid(call.args, { ok: false, values: {}, problems });
  }
  const { version } = await saveMemberLook(member.id, parsed.look);
  return answerWith(call, { version, AvatarURL: avatarUrl(member.id, version) });
});

export const loader = handle;
export const action = handle;
