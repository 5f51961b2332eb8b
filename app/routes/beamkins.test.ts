import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { memberFactory } from "../../tests/support/members";
import { callRoute, formRequest } from "../../tests/support/route";
import { obtainCreature } from "~/features/beamkins/creatures.server";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { creatures, members } from "~/platform/db/schema";
import { action, loader } from "./beamkins";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

const signedIn = memberFactory("+1555820");

// The route module's typed args carry more than callRoute builds; the test reads results loosely.
const give = (fields: Record<string, string>, headers: Record<string, string>) =>
  // A browser's form post: it asks for a page.
  callRoute(action as never, formRequest("/beamkins", fields, { headers: { Accept: "text/html", ...headers } }));

function answerOf(call: { result: unknown; thrown: unknown }) {
  const value = (call.result ?? call.thrown) as { data?: unknown; init?: { status?: number } | null } | Response | Error;
  if (value instanceof Error) throw value;
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), data: null };
  return { status: value.init?.status ?? 200, location: null, data: value.data as Record<string, unknown> | null };
}

/** A member with a sparkit (20 light) and 30 light of their own to give. */
async function memberWithSparkit() {
  const { member, cookie } = await signedIn({ lightBalance: 30 });
  const [sparkit] = await db().select().from(creatures).where(eq(creatures.slug, "sparkit"));
  await obtainCreature(member.id, sparkit!.id, "starter");
  return { memberId: member.id, cookie, sparkitId: sparkit!.id };
}

describe("the beamkins page", () => {
  it("shows the day a beamkin was befriended as the server wrote it, in the reader's language", async () => {
    const { cookie } = await memberWithSparkit();
    const read = async (lng: string) => {
      const call = await callRoute(loader as never, new Request(`http://localhost:3000/beamkins?lng=${lng}`, { headers: { cookie } }));
      return (call.result as { owned: Array<{ obtainedAt: string; obtainedOn: string }> }).owned[0]!;
    };
    const zh = await read("zh");
    expect(zh.obtainedOn).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    expect((await read("en")).obtainedOn).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });
});

async function balanceOf(memberId: number) {
  const [row] = await db().select({ balance: members.lightBalance }).from(members).where(eq(members.id, memberId));
  return row!.balance;
}

describe("giving light from the /beamkins page's own form", () => {
  it("gives light and comes back to the beamkin's card", async () => {
    const { memberId, cookie, sparkitId } = await memberWithSparkit();
    const answer = answerOf(await give({ creatureId: String(sparkitId), light: "3" }, { Cookie: cookie }));
    expect(answer).toMatchObject({ status: 303, location: `/beamkins#beamkin-${sparkitId}` });
    expect(await balanceOf(memberId)).toBe(27);
  });

  it("answers a missing or non-numeric beamkin with 404 and 'That beamkin doesn't exist.', not a 500", async () => {
    const { memberId, cookie } = await memberWithSparkit();
    const cases: Record<string, string>[] = [
      { light: "1" },
      { creatureId: "", light: "1" },
      { creatureId: "abc", light: "1" },
      { creatureId: "-4", light: "1" },
      { creatureId: "2.5", light: "1" },
      { creatureId: "99999999999", light: "1" },
      { creatureId: "2147483648", light: "1" },
    ];
    for (const fields of cases) {
      const answer = answerOf(await give(fields, { Cookie: cookie }));
      expect(answer, JSON.stringify(fields)).toEqual({
        status: 404,
        location: null,
        // No card of theirs is named, so the page shows the message above the list; what was typed stays.
        data: {
          values: { ...fields },
          errors: { creatureId: "That beamkin doesn't exist." },
          refusal: "unknown-creature",
        },
      });
    }
    expect(await balanceOf(memberId)).toBe(30);
  });

  it("refuses a bad amount beside the beamkin's card with 400", async () => {
    const { memberId, cookie, sparkitId } = await memberWithSparkit();
    for (const light of ["", "abc", "0", "101", "2.5", "99999999999"]) {
      const answer = answerOf(await give({ creatureId: String(sparkitId), light }, { Cookie: cookie }));
      expect(answer, light).toEqual({
        status: 400,
        location: null,
        data: { values: { creatureId: String(sparkitId), light }, errors: { light: "Give a whole number of light from 1 to 100." } },
      });
    }
    const missing = answerOf(await give({ creatureId: String(sparkitId) }, { Cookie: cookie }));
    expect(missing.status).toBe(400);
    expect(await balanceOf(memberId)).toBe(30);
  });

  it("says it in the member's language", async () => {
    const { cookie } = await memberWithSparkit();
    const answer = answerOf(await give({ creatureId: "abc", light: "1" }, { Cookie: cookie, "Accept-Language": "zh" }));
    expect(answer).toMatchObject({ status: 404, data: { errors: { creatureId: "这个光灵不存在。" } } });
  });
});
