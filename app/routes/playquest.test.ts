/**
 * /playquest's action takes only what a member may ask for (open a box, skip, replay, scan a
 * step's code). A browser saying "this step is done" is refused, the same for a form post
 * and a JSON call, and changes nothing.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { memberFactory } from "../../tests/support/members";
import { BASE_URL, callRoute, formRequest, outcome } from "../../tests/support/route";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { TUTORIAL_QUEST } from "~/features/quests/built-in.server";
import { startQuest } from "~/features/quests/runs.server";
import { db } from "~/platform/db/db.server";
import { members, prizeBoxes, questProgress, quests } from "~/platform/db/schema";
import { action, loader } from "./playquest";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

const signedIn = memberFactory("+1555460");

const post = (cookie: string, fields: Record<string, string>, json = false) =>
  formRequest("/playquest", fields, { headers: { Cookie: cookie, Accept: json ? "application/json" : "text/html" } });

describe("forged progress", () => {
  it("a 'step done' post, as a form or JSON, is refused and marks nothing", async () => {
    const { member, cookie } = await signedIn({ firstName: "Forger" });
    const [tutorial] = await db().select().from(quests).where(eq(quests.slug, TUTORIAL_QUEST));
    await startQuest(member.id, tutorial!.id);
    const forgeries: Array<Record<string, string>> = [{ intent: "complete-step", stepId: "1" }, { intent: "done" }, { stepId: "1", completed: "true" }];
    for (const fields of forgeries) {
      const page = await callRoute(action, post(cookie, fields));
      expect(outcome(page).status).toBe(400);
      const json = await callRoute(action, post(cookie, fields, true));
      expect(outcome(json)).toMatchObject({ status: 400, data: { success: false, type: "BAD_REQUEST" } });
    }
    const body = new Request(`${BASE_URL}/playquest`, {
      method: "POST",
      headers: { Cookie: cookie, Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "complete", stepId: 1, questCompleted: true }),
    });
    expect(outcome(await callRoute(action, body)).status).toBe(400);
    expect(await db().select().from(questProgress).where(eq(questProgress.memberId, member.id))).toEqual([]);
    const [row] = await db().select().from(members).where(eq(members.id, member.id));
    expect(row).toMatchObject({ score: 0, lightBalance: 0 });
  });
});

describe("opening a box", () => {
  it("a page post redirects to the revealed prize; the JSON caller gets it; a second press opens nothing more", async () => {
    const { member, cookie } = await signedIn({ firstName: "Opener" });
    const [box] = await db().insert(prizeBoxes).values({ memberId: member.id }).returning();
    const first = await callRoute(action, post(cookie, { intent: "open-box", boxId: String(box!.id) }));
    expect(outcome(first)).toMatchObject({ status: 303, location: `/playquest?opened=${box!.id}&celebrate=1#prize` });
    const again = await callRoute(action, post(cookie, { intent: "open-box", boxId: String(box!.id) }, true));
    expect(outcome(again)).toMatchObject({ status: 200, data: { success: true, result: { id: box!.id, already: true } } });
    const page = await callRoute(loader, new Request(`${BASE_URL}/playquest?opened=${box!.id}`, { headers: { Cookie: cookie } }));
    expect((page.result as { opened: { id: number } | null }).opened?.id).toBe(box!.id);
  });

  it("someone else's box is a 404", async () => {
    const owner = await signedIn({ firstName: "Owner" });
    const other = await signedIn({ firstName: "Other" });
    const [box] = await db().insert(prizeBoxes).values({ memberId: owner.member.id }).returning();
    const call = await callRoute(action, post(other.cookie, { intent: "open-box", boxId: String(box!.id) }, true));
    expect(outcome(call)).toMatchObject({ status: 404, data: { success: false, type: "NOT_FOUND" } });
  });
});
