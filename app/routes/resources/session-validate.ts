import { data } from "react-router";
import { z } from "zod";
import { onlyPosts } from "~/platform/respond.server";
import type { Route } from "./+types/session-validate";
import { validateSession } from "~/features/auth/sessions.server";

const Body = z.object({ fingerprint: z.string().max(200).nullish() });

/**
 * The spec's session validation (POST {fingerprint}): answers the session's member id, or
 * 401. The session id itself never leaves the HttpOnly cookie. The fingerprint is only
 * recorded with the session, never used to sign anyone in.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405 });
  const isJson = request.headers.get("Content-Type")?.includes("application/json");
  // Unreadable JSON or form bodies answer 400 (the root middleware's request.json/formData).
  const raw: unknown = isJson ? await request.json() : Object.fromEntries(await request.formData());
  const parsed = Body.safeParse(raw ?? {});
  if (!parsed.success) return data({ success: false, result: null }, { status: 400 });
  const current = await validateSession(request, parsed.data.fingerprint ?? null);
  if (!current) return data({ success: false, result: null }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return data(
    { success: true, result: { memberID: current.member.id } },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/home");
}
