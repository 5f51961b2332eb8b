/**
 * A member who has not chosen a name is shown by a friendly generated one (decision 0512),
 * in the reader's language, the same every time, and never by their number or phone: in the
 * header, the feed, the leaderboard and the salute picker.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/db";
import { memberFactory } from "../support/members";
import { BASE_URL, callRoute } from "../support/route";
import { db } from "~/platform/db/db.server";
import { members } from "~/platform/db/schema";
import { listFeedCards, writePost } from "~/features/feed/feed.server";
import { awardScore } from "~/features/leaderboard/score.server";
import { listMemberBoard } from "~/features/leaderboard/leaderboard.server";
import { generatedName } from "~/features/members/member-name.server";
import { findRecipient } from "~/features/salutes/recipients.server";
import { loader as rootLoader } from "~/root";

beforeAll(async () => {
  await createTestDatabase();
});

const signedIn = memberFactory("+1555630");
const eqId = (id: number) => eq(members.id, id);
const EN = /^[A-Z][a-z]+ [A-Z][a-z]+ \d{2}$/;
const ZH = /^[\u4e00-\u9fff]{2,8}\d{2}号$/;

/** Nothing a generated name may give away: the member's number or any run of their phone. */
function expectNothingOf(name: string, member: { id: number; phone: string }) {
  expect(name).not.toContain("#");
  expect(name).not.toContain(String(member.id).padStart(3, "0"));
  expect(name).not.toContain(member.phone.slice(-4));
}

describe("a generated display name", () => {
  it("is friendly, the same every time, in English and Chinese, and tells nothing about the member", () => {
    for (const id of [1, 2, 9, 14, 1234567]) {
      const en = generatedName(id, "en");
      const zh = generatedName(id, "zh");
      expect(en).toMatch(EN);
      expect(zh).toMatch(ZH);
      expect(generatedName(id, "en")).toBe(en);
      expect(en).not.toContain(String(id));
    }
    // Members get names of their own (some may meet by chance; most do not).
    const names = new Set(Array.from({ length: 200 }, (_, i) => generatedName(i + 1, "en")));
    expect(names.size).toBeGreaterThan(195);
  });

  it("shows in the header instead of #id, in the reader's language", async () => {
    const { member, cookie } = await signedIn();
    for (const [lng, pattern] of [["en", EN], ["zh", ZH]] as const) {
      const call = await callRoute(rootLoader as never, new Request(`${BASE_URL}/newsfeed?lng=${lng}`, { headers: { Cookie: cookie } }));
      const name = (call.result as { data: { member: { displayName: string } } }).data.member.displayName;
      expect(name).toMatch(pattern);
      expect(name).toBe(generatedName(member.id, lng));
      expectNothingOf(name, member);
    }
  });

  it("shows in the feed, on the leaderboard and in the salute picker; a chosen name still wins", async () => {
    const { member: nameless } = await signedIn();
    const { member: named } = await signedIn({ firstName: "Ada", lastName: "Lovelace" });
    await writePost({ type: "compliment", actorId: nameless.id, subjectId: named.id, text: "Thanks" });
    for (const lng of ["en", "zh"] as const) {
      const cards = (await listFeedCards(null, null, lng, Date.now())).posts;
      const card = cards.find((c) => c.text === "Thanks")!;
      expect(card.actor?.name).toBe(generatedName(nameless.id, lng));
      expect(card.subject?.name).toBe("Ada Lovelace");
    }
    await db().transaction((tx) => awardScore(tx, nameless.id, { gemsReceived: 5, starsReceived: 0 }, new Date()));
    const board = await listMemberBoard("all", 1, "zh");
    expect(board.rows.find((r) => r.id === nameless.id)?.name).toBe(generatedName(nameless.id, "zh"));
    expect((await findRecipient(nameless.id, "en"))?.name).toBe(generatedName(nameless.id, "en"));
    // Choosing a name replaces it.
    await db().update(members).set({ username: "chosen_one" }).where(eqId(nameless.id));
    expect((await findRecipient(nameless.id, "en"))?.name).toBe("chosen_one");
  });
});
