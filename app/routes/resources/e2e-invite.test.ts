/** The browser tests' hook that lets an invitation's seven days pass: shut unless a test run opens it. */
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { callRoute } from "../../../tests/support/route";
import { hashInviteToken } from "~/features/parties/invites.server";
import { db } from "~/platform/db/db.server";
import { invites, parties } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { action } from "./e2e-invite";

const TOKEN = "a-browser-test-token-of-at-least-32-chars";
const SETTINGS = ["GLOW_E2E_HOOKS_TOKEN", "GLOW_CONTAINER"] as const;

beforeAll(async () => {
  await createTestDatabase();
});
afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
  resetEnvCache();
});

function configure(values: Partial<Record<(typeof SETTINGS)[number], string>>) {
  for (const [name, value] of Object.entries(values)) process.env[name] = value;
  resetEnvCache();
}

let n = 0;
/** A pending invitation that ends in seven days; its token is what the hook is given. */
async function pendingInvite() {
  n += 1;
  const token = `invite-token-${n}`;
  const [party] = await db().insert(parties).values({ name: `Hook party ${n}`, joinCode: `HOOK${n}X` }).returning();
  const [invite] = await db()
    .insert(invites)
    .values({ tokenHash: hashInviteToken(token), partyId: party!.id, channel: "link", expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000) })
    .returning();
  return { token, id: invite!.id };
}
const expiresAtOf = async (id: number) => (await db().select().from(invites).where(eq(invites.id, id)))[0]!.expiresAt.getTime();

const hook = (header: string | null, token: string) =>
  new Request("http://localhost:3000/__e2e/invite", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(header ? { "x-e2e-token": header } : {}) },
    body: JSON.stringify({ token }),
  });

type Answer = { data?: unknown; init?: { status?: number } | null };
const answerOf = (call: { result: unknown; thrown: unknown }) => (call.result ?? call.thrown) as Answer;
const statusOf = (call: { result: unknown; thrown: unknown }) => answerOf(call).init?.status ?? 200;

describe("POST /__e2e/invite", () => {
  it("ends the invitation now for a test run that set the token and presents it", async () => {
    const invite = await pendingInvite();
    configure({ GLOW_E2E_HOOKS_TOKEN: TOKEN });
    const call = await callRoute(action as never, hook(TOKEN, invite.token));
    expect(statusOf(call)).toBe(200);
    expect(answerOf(call).data).toEqual({ expired: 1 });
    expect(await expiresAtOf(invite.id)).toBeLessThan(Date.now());
  });

  it("is not there without the token, or with another one, and changes nothing", async () => {
    const invite = await pendingInvite();
    expect(statusOf(await callRoute(action as never, hook(TOKEN, invite.token)))).toBe(404);
    configure({ GLOW_E2E_HOOKS_TOKEN: TOKEN });
    expect(statusOf(await callRoute(action as never, hook(null, invite.token)))).toBe(404);
    expect(statusOf(await callRoute(action as never, hook(`${TOKEN}x`, invite.token)))).toBe(404);
    expect(statusOf(await callRoute(action as never, hook(TOKEN.slice(0, -1), invite.token)))).toBe(404);
    expect(await expiresAtOf(invite.id)).toBeGreaterThan(Date.now());
  });

  it("never answers inside the container, whatever is set", async () => {
    const invite = await pendingInvite();
    configure({ GLOW_E2E_HOOKS_TOKEN: TOKEN, GLOW_CONTAINER: "1" });
    expect(statusOf(await callRoute(action as never, hook(TOKEN, invite.token)))).toBe(404);
    expect(await expiresAtOf(invite.id)).toBeGreaterThan(Date.now());
  });
});
