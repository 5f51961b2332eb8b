import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/e2e-invite";
import { hashInviteToken } from "~/features/parties/invites.server";
import { db } from "~/platform/db/db.server";
import { invites } from "~/platform/db/schema";
import { e2eHookOpen } from "~/platform/e2e-hooks.server";
import { readInput } from "~/platform/forms.server";

const Body = z.object({ token: z.string().min(1).max(100) });

/**
 * Browser tests only: an invitation's seven days pass at once (a test cannot wait them).
 * Off unless the server was started with GLOW_E2E_HOOKS_TOKEN and the request presents it
 * (compared in constant time), and never in the container (e2eHookOpen).
 */
export async function action({ request }: Route.ActionArgs) {
  if (!e2eHookOpen(request)) throw data(null, { status: 404 });
  const parsed = Body.safeParse(await readInput(request));
  if (!parsed.success) return data({ error: parsed.error.message }, { status: 400 });
  const changed = await db()
    .update(invites)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(invites.tokenHash, hashInviteToken(parsed.data.token)))
    .returning({ id: invites.id });
  return data({ expired: changed.length });
}

export async function loader() {
  throw data(null, { status: 404 });
}
