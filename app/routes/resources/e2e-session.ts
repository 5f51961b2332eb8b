import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/e2e-session";
import { signedInCookies, startSession } from "~/features/auth/session-store.server";
import { consentCookie } from "~/platform/cookies.server";
import { db } from "~/platform/db/db.server";
import { characters, members } from "~/platform/db/schema";
import { e2eHookOpen } from "~/platform/e2e-hooks.server";
import { readInput } from "~/platform/forms.server";

const Body = z.object({
  phone: z.string().regex(/^\+\d{10,15}$/),
  firstName: z.string().max(50).optional(),
  lastName: z.string().max(50).optional(),
  username: z.string().max(20).optional(),
  zipcode: z.string().max(10).optional(),
  withAvatar: z.boolean().optional(),
});

/**
 * Browser tests sign members in by writing a session (as the Epic Stack's fixtures do)
 * instead of clicking through the texted code every time. Off unless the server was
 * started with GLOW_E2E_HOOKS_TOKEN and the request presents it, and never in the
 * container (GLOW_CONTAINER=1), whatever is set: a deployment must not be one variable
 * away from a door that signs anyone in as anyone (docs/decisions/0007).
 */
export async function action({ request }: Route.ActionArgs) {
  if (!e2eHookOpen(request)) throw data(null, { status: 404 });
  const parsed = Body.safeParse(await readInput(request));
  if (!parsed.success) return data({ error: parsed.error.message }, { status: 400 });
  const { phone, withAvatar, ...fields } = parsed.data;

  let [member] = await db().select().from(members).where(eq(members.phone, phone));
  if (!member) {
    [member] = await db().insert(members).values({ phone, ...fields }).returning();
  }
  if (withAvatar) {
    await db().insert(characters).values({ memberId: member!.id }).onConflictDoNothing();
  }
  const sid = await startSession(member!.id, { userAgent: "e2e" });
  const headers = new Headers();
  for (const cookie of await signedInCookies(request, sid)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await consentCookie.serialize("yes"));
  return data({ memberId: member!.id }, { headers });
}

export async function loader() {
  throw data(null, { status: 404 });
}
