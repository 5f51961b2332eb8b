/** The spec's session validation, called with real Requests through the root's body rules. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.server";
import { sessions } from "~/platform/db/schema";
import { createTestDatabase } from "../../../tests/support/db";
import { memberFactory } from "../../../tests/support/members";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { action } from "./session-validate";

const signedIn = memberFactory("+1555610");

beforeAll(async () => {
  await createTestDatabase();
});

const validate = (cookie: string, body: string) =>
  callRoute(
    action,
    new Request(`${BASE_URL}/sessionvalidation`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body,
    }),
  );

const statusOf = (call: Awaited<ReturnType<typeof validate>>) => {
  const value = (call.result ?? call.thrown) as { init?: { status?: number } | null };
  return value?.init?.status ?? 200;
};

describe("POST /sessionvalidation", () => {
  it("answers a body that is not JSON with 400, not as an empty body", async () => {
    const { cookie } = await signedIn();
    expect(statusOf(await validate(cookie, "{bad"))).toBe(400);
  });

  it("records a fingerprint with a NUL character without it, instead of failing", async () => {
    const { member, cookie } = await signedIn();
    const call = await validate(cookie, JSON.stringify({ fingerprint: "fp\u0000-1" }));
    expect(statusOf(call)).toBe(200);
    const [row] = await db().select().from(sessions).where(eq(sessions.memberId, member.id));
    expect(row!.fingerprint).toBe("fp-1");
  });
});
