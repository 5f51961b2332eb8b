/**
 * The API's party listing (GET /api/getparties/): the four filter combinations section 7
 * allows, parties still going, each with the ringleader who has led it longest.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { db } from "~/platform/db/db.server";
import { contests, members, parties, partyMembers } from "~/platform/db/schema";
import { findParties, isAllowedPartyFilter } from "./find-parties.server";

let n = 0;
async function person(firstName: string) {
  n += 1;
  const [row] = await db().insert(members).values({ phone: `+1555410${String(n).padStart(4, "0")}`, firstName }).returning();
  return row!;
}

async function party(values: { name: string; contestId?: number | null; zipcode?: string | null; disbandedAt?: Date }, roster: [number, "ringleader" | "member", Date][]) {
  const [row] = await db()
    .insert(parties)
    .values({ joinCode: `CODE${++n}X`, contestId: null, zipcode: null, ...values })
    .returning();
  for (const [memberId, role, joinedAt] of roster) {
    await db().insert(partyMembers).values({ partyId: row!.id, memberId, contestId: row!.contestId, role, joinedAt });
  }
  return row!;
}

beforeAll(async () => {
  await createTestDatabase();
});

describe("the API's party listing", () => {
  it("allows exactly all three filters, the contest only, the member only, or the zipcode only", () => {
    expect(isAllowedPartyFilter(["memberid", "contestid", "zipcode"])).toBe(true);
    expect(isAllowedPartyFilter(["contestid"])).toBe(true);
    expect(isAllowedPartyFilter(["memberid"])).toBe(true);
    expect(isAllowedPartyFilter(["zipcode"])).toBe(true);
    expect(isAllowedPartyFilter([])).toBe(false);
    expect(isAllowedPartyFilter(["memberid", "contestid"])).toBe(false);
    expect(isAllowedPartyFilter(["zipcode", "contestid"])).toBe(false);
  });

  it("names the first ringleader, counts heads, and leaves disbanded parties out", async () => {
    const [contest] = await db().insert(contests).values({ name: "Listing Cup" }).returning();
    const lea = await person("Lea");
    const cole = await person("Cole");
    const mo = await person("Mo");
    const early = new Date("2026-01-01T00:00:00Z");
    const later = new Date("2026-02-01T00:00:00Z");
    const kept = await party({ name: "Owls", contestId: contest!.id, zipcode: "10001" }, [
      [cole.id, "ringleader", later],
      [lea.id, "ringleader", early],
      [mo.id, "member", later],
    ]);
    await party({ name: "Gone", contestId: contest!.id, zipcode: "10001", disbandedAt: later }, []);
    await party({ name: "Local", zipcode: "10001" }, [[mo.id, "ringleader", early]]);

    const byContest = await findParties({ contestId: contest!.id }, "en");
    expect(byContest).toEqual([
      expect.objectContaining({ PartyID: kept.id, Name: "Owls", ContestName: "Listing Cup", RingleaderID: lea.id, Ringleader: "Lea", MemberCount: 3 }),
    ]);
    expect((await findParties({ zipcode: "10001" }, "en")).map((p) => p.Name)).toEqual(["Owls", "Local"]);
    expect((await findParties({ memberId: mo.id }, "en")).map((p) => p.Name)).toEqual(["Owls", "Local"]);
    expect((await findParties({ memberId: mo.id, contestId: contest!.id, zipcode: "10001" }, "en")).map((p) => p.Name)).toEqual(["Owls"]);
  });
});
