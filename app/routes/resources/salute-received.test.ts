import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { memberFactory } from "../../../tests/support/members";
import { callRoute, formRequest, outcome, toastOf } from "../../../tests/support/route";
import { sendSalute } from "~/features/salutes/salutes.server";
import { db } from "~/platform/db/db.server";
import { salutes } from "~/platform/db/schema";
import { action } from "./salute-received";

beforeAll(async () => {
  await createTestDatabase();
});

const signedIn = memberFactory("+1555830");

const html = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

// The route module's typed args carry more than callRoute builds; the test reads results loosely.
const post = (fields: Record<string, string>, headers: Record<string, string>, path = "/salutes/received") =>
  callRoute(action as never, formRequest(path, fields, { headers }));

/** A member who received a secret salute, and its id. */
async function recipientOfASecret() {
  const { member: giver } = await signedIn({ firstName: "Giver" });
  const { member, cookie } = await signedIn({ firstName: "Friend" });
  const sent = await sendSalute({ kind: "secret", senderId: giver.id, recipientId: member.id, prompt: "brave", note: "" });
  if (!sent.ok) throw new Error(`the salute was refused: ${sent.refusal}`);
  return { cookie, saluteId: sent.value.saluteId };
}

const badPosts: Record<string, string>[] = [
  {},
  { intent: "hide" },
  { intent: "hide", saluteId: "abc" },
  { intent: "hide", saluteId: "99999999999" },
  { intent: "report", saluteId: "-1" },
  { intent: "report", saluteId: "5", reason: "because" },
  { intent: "delete", saluteId: "5" },
];

describe("POST /salutes/received (hide or report)", () => {
  it("hides a salute and goes back to the page, as before", async () => {
    const { cookie, saluteId } = await recipientOfASecret();
    const call = await post({ intent: "hide", saluteId: String(saluteId), redirectTo: `/salute-select?salute=${saluteId}` }, {
      Cookie: cookie,
      Accept: html,
    });
    expect(outcome(call)).toMatchObject({ status: 303, location: "/salute-select" });
    expect(await toastOf(call.response)).toEqual({ type: "success", message: "Salute hidden." });
    const [row] = await db().select().from(salutes).where(eq(salutes.id, saluteId));
    expect(row?.hiddenAt).not.toBeNull();
  });

  it("brings a bad plain form post back to its page with the reason as a toast", async () => {
    const { cookie } = await signedIn();
    for (const fields of badPosts) {
      const call = await post({ ...fields, redirectTo: "/salute-select#received" }, { Cookie: cookie, Accept: html });
      expect(outcome(call), JSON.stringify(fields)).toMatchObject({ status: 303, location: "/salute-select" });
      expect(await toastOf(call.response)).toEqual({ type: "error", message: "Choose to hide or report a salute you received." });
    }
  });

  it("answers a bad JSON or scripted post with 400 and the reason in the member's language", async () => {
    const { cookie } = await signedIn();
    for (const fields of badPosts) {
      const call = await post(fields, { Cookie: cookie, Accept: "application/json" });
      expect(outcome(call), JSON.stringify(fields)).toEqual({
        status: 400,
        location: null,
        data: expect.objectContaining({ success: false, type: "BAD_REQUEST", message: "Choose to hide or report a salute you received." }),
      });
    }
    const curl = await post({ intent: "hide", saluteId: "abc" }, { Cookie: cookie, Accept: "*/*", "Accept-Language": "zh" });
    expect(outcome(curl)).toEqual({ status: 400, location: null, data: expect.objectContaining({ success: false, type: "BAD_REQUEST", message: "请选择隐藏或举报你收到的致敬。" }) });
  });

  it("a salute that is not theirs (or gone) is 404 for JSON, and back with a toast for the page", async () => {
    const { saluteId } = await recipientOfASecret();
    const { cookie } = await signedIn();
    const fields = { intent: "report", saluteId: String(saluteId), reason: "unkind", redirectTo: "/salute-select" };
    expect(outcome(await post(fields, { Cookie: cookie, Accept: "application/json" }))).toEqual({
      status: 404,
      location: null,
      data: expect.objectContaining({ success: false, type: "NOT_FOUND", message: "That salute isn't there any more." }),
    });
    const page = await post(fields, { Cookie: cookie, Accept: html });
    expect(outcome(page)).toMatchObject({ status: 303, location: "/salute-select" });
    expect(await toastOf(page.response)).toEqual({ type: "error", message: "That salute isn't there any more." });
    const [row] = await db().select().from(salutes).where(eq(salutes.id, saluteId));
    expect(row?.hiddenAt).toBeNull();
  });

  it("takes React Router's enhanced post (a .data request) back to the page too", async () => {
    const { cookie } = await signedIn();
    const call = await post({ intent: "hide", saluteId: "abc", redirectTo: "/salute-select" }, { Cookie: cookie }, "/salutes/received.data");
    expect(outcome(call)).toMatchObject({ status: 303, location: "/salute-select" });
  });
});
