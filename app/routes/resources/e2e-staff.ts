import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/e2e-staff";
import { addAgentResource, createStaffAccount } from "~/features/staff/accounts.server";
import { OPERATOR } from "~/features/staff/audit.server";
import { e2eHookOpen } from "~/platform/e2e-hooks.server";
import { readInput } from "~/platform/forms.server";

const Body = z.object({
  username: z.string().min(3).max(40),
  password: z.string().min(12).max(200),
  isAdmin: z.boolean().default(false),
  resources: z.array(z.object({ name: z.string().min(1).max(80), url: z.string().min(1).max(2000) })).default([]),
});

/**
 * Browser tests make staff accounts here (they then sign in through /login like anyone).
 * Off unless the server was started with GLOW_E2E_HOOKS_TOKEN and the request presents it,
 * and never in the container (e2eHookOpen).
 */
export async function action({ request }: Route.ActionArgs) {
  if (!e2eHookOpen(request)) throw data(null, { status: 404 });
  const parsed = Body.safeParse(await readInput(request));
  if (!parsed.success) return data({ error: parsed.error.message }, { status: 400 });
  const { resources, ...account } = parsed.data;
  const made = await createStaffAccount({ ...OPERATOR, username: "(e2e)" }, account);
  if (!made.ok) return data({ error: made.refusal }, { status: 409 });
  for (const resource of resources) {
    const added = await addAgentResource({ ...OPERATOR, username: "(e2e)" }, { agentId: made.value.agentId!, ...resource });
    if (!added.ok) return data({ error: added.refusal }, { status: 400 });
  }
  return data(made.value);
}

export async function loader() {
  throw data(null, { status: 404 });
}
