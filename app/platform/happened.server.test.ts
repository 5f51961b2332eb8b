/**
 * What a command publishes is heard inside its transaction: a listener's writes stand or
 * fall with the action, once (decision 1202). The features' own listeners are proven where
 * they live (quests/progress.server.test.ts, members/profile.server.test.ts).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { db } from "~/platform/db/db.server";
import { members, posts } from "~/platform/db/schema";
import { transaction } from "~/platform/db/transaction.server";
import { done, refused } from "~/platform/outcome";
import { listen, publish, type Happening } from "./happened.server";

let memberId: number;

beforeAll(async () => {
  await createTestDatabase();
  const [member] = await db().insert(members).values({ phone: "+15557770001" }).returning();
  memberId = member!.id;
  // A listener that leaves a trace through the command's transaction.
  listen("probe", async (on, { what, memberId: actorId }) => {
    if (what === "light") await on.insert(posts).values({ type: "welcome", actorId, text: "probe" });
  });
});

const traces = async () => (await db().select().from(posts).where(eq(posts.text, "probe"))).length;

describe("what a member did", () => {
  it("is written with the action when it commits, and not at all when it is refused", async () => {
    const refusedAction = await transaction(async (tx) => {
      await publish(tx, { what: "light", memberId, target: 1 });
      return refused("too-bright");
    });
    expect(refusedAction).toEqual({ ok: false, refusal: "too-bright" });
    expect(await traces()).toBe(0);

    const action = await transaction(async (tx) => {
      await publish(tx, { what: "light", memberId, target: 1 });
      return done(null);
    });
    expect(action.ok).toBe(true);
    expect(await traces()).toBe(1);
  });

  it("fails the action when a listener fails, so nothing of it is kept", async () => {
    listen("failing", async (_on, { what }) => {
      if (what === "light") throw new Error("listener down");
    });
    try {
      await expect(
        transaction(async (tx) => {
          await publish(tx, { what: "light", memberId });
          return done(null);
        }),
      ).rejects.toThrow("listener down");
      expect(await traces()).toBe(1);
    } finally {
      listen("failing", async () => {});
    }
  });
});

describe("the listeners", () => {
  it("hear in the order they were first added; the same name again replaces one in its place", async () => {
    vi.resetModules();
    const fresh = await import("./happened.server");
    const heard: string[] = [];
    fresh.listen("a", async () => void heard.push("a1"));
    fresh.listen("b", async () => void heard.push("b"));
    fresh.listen("a", async () => void heard.push("a2"));
    await fresh.publish(db(), { what: "chat", memberId } satisfies Happening);
    expect(heard).toEqual(["a2", "b"]);
  });

  it("none at all is said loudly: the wiring was never loaded, and progress would go missing", async () => {
    vi.resetModules();
    const fresh = await import("./happened.server");
    await expect(fresh.publish(db(), { what: "chat", memberId })).rejects.toThrow(/app\/listeners\.server\.ts was not loaded/);
  });
});
