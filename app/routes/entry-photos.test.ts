/**
 * An entry's photo through /compete's form and its resource route: over 2 MB is refused on
 * its field with the text and link kept (and a huge body before it is read); a file that is
 * no picture is refused the same way; what is stored has no EXIF or GPS left and stands the
 * right way up; resubmitting keeps, replaces or removes it; and only the party, the game
 * master and the contest's judges get it before the round is published (404 for anyone else).
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { memberFactory } from "../../tests/support/members";
import { BASE_URL, callRoute, outcome } from "../../tests/support/route";
import { newJoinCode } from "~/features/parties/join-code";
import { db } from "~/platform/db/db.server";
import { contestRounds, contests, entryPhotos, memberRoles, parties, partyMembers, roundEntries } from "~/platform/db/schema";
import * as compete from "./compete";
import * as entryPhoto from "./resources/entry-photo";

type Plain<T> = (args: Parameters<Parameters<typeof callRoute<T>>[0]>[0]) => Promise<T>;
const plain = <T,>(fn: (args: never) => Promise<T> | T) => fn as unknown as Plain<T>;

const signedIn = memberFactory("+1555820");

beforeAll(async () => {
  await createTestDatabase();
});

async function world() {
  const gm = await signedIn({ firstName: "Grace" });
  const [contest] = await db().insert(contests).values({ name: "Photo Cup", gameMasterId: gm.member.id }).returning();
  await db().insert(memberRoles).values({ memberId: gm.member.id, contestId: contest!.id, role: "gamemaster" });
  const ada = await signedIn({ firstName: "Ada" });
  const judge = await signedIn({ firstName: "Alan" });
  await db().insert(memberRoles).values({ memberId: judge.member.id, contestId: contest!.id, role: "judge" });
  const rival = await signedIn({ firstName: "Rival" });
  const [party] = await db().insert(parties).values({ name: "Wicks", contestId: contest!.id, joinCode: newJoinCode() }).returning();
  const [other] = await db().insert(parties).values({ name: "Others", contestId: contest!.id, joinCode: newJoinCode() }).returning();
  await db().insert(partyMembers).values([
    { partyId: party!.id, memberId: ada.member.id, contestId: contest!.id, role: "ringleader" },
    { partyId: other!.id, memberId: rival.member.id, contestId: contest!.id, role: "ringleader" },
  ]);
  const [round] = await db().insert(contestRounds).values({ contestId: contest!.id, number: 1, state: "open", challenge: "Light it", criteria: [{ name: "Glow", weight: 1 }] }).returning();
  return { gm, contest: contest!, ada, judge, rival, party: party!, round: round! };
}

/** A small JPEG carrying a copyright, GPS position and a turned orientation in its EXIF. */
async function photoWithLocation() {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: "#c33" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "Ada Lovelace" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether EXIF holds a pointer to GPS data (tag 0x8825, either byte order). */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

function entryPost(cookie: string, roundId: number, fields: Record<string, string>, photo?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  form.set("intent", "entry");
  form.set("roundId", String(roundId));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("photo", photo ? new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }) : new File([], "", { type: "application/octet-stream" }));
  return new Request(new URL(`/compete?round=${roundId}`, BASE_URL), { method: "POST", body: form, headers: { Accept: "text/html", Cookie: cookie } });
}

const photoGet = (entryId: number, cookie: string, headers: Record<string, string> = {}) =>
  callRoute(plain(entryPhoto.loader), new Request(new URL(`/contests/entries/${entryId}/photo`, BASE_URL), { headers: { Cookie: cookie, ...headers } }), { params: { entryId: String(entryId) } });

async function entryOf(roundId: number, partyId: number) {
  const [entry] = await db().select().from(roundEntries).where(eq(roundEntries.roundId, roundId));
  expect(entry?.partyId).toBe(partyId);
  return entry!;
}

describe("an entry's photo", () => {
  it("is stored without EXIF or GPS, upright, and replaced, kept or removed on resubmission", async () => {
    const w = await world();
    const original = await photoWithLocation();
    const before = await sharp(original).metadata();
    expect(before.exif && hasGpsPointer(before.exif)).toBe(true);
    expect(before.exif!.toString("latin1")).toContain("Ada Lovelace");

    const sent = await callRoute(plain(compete.action), entryPost(w.ada.cookie, w.round.id, { text: "Our lantern", link: "" }, { bytes: original, name: "lantern.jpg", type: "image/jpeg" }));
    expect(outcome(sent).status).toBe(303);
    const entry = await entryOf(w.round.id, w.party.id);
    const [stored] = await db().select().from(entryPhotos).where(eq(entryPhotos.entryId, entry.id));
    expect(stored).toMatchObject({ contentType: "image/jpeg" });
    expect(stored!.size).toBe(stored!.bytes.length);
    const after = await sharp(stored!.bytes).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(stored!.bytes.toString("latin1")).not.toContain("Ada Lovelace");
    // Orientation 6 (turned a quarter) applied: the 60×40 picture now stands 40×60.
    expect([after.width, after.height]).toEqual([40, 60]);

    // Resubmitting without a file keeps it; ticking "remove" removes it.
    await callRoute(plain(compete.action), entryPost(w.ada.cookie, w.round.id, { text: "Our lantern, brighter", link: "" }));
    expect(await db().select().from(entryPhotos).where(eq(entryPhotos.entryId, entry.id))).toHaveLength(1);
    await callRoute(plain(compete.action), entryPost(w.ada.cookie, w.round.id, { text: "No picture now", link: "", removePhoto: "yes" }));
    expect(await db().select().from(entryPhotos).where(eq(entryPhotos.entryId, entry.id))).toHaveLength(0);
    const page = await callRoute(plain(compete.loader), new Request(new URL("/compete", BASE_URL), { headers: { Cookie: w.ada.cookie } }));
    expect(JSON.stringify(page.result)).toContain('"hasPhoto":false');
  });

  it("refuses a photo over 2 MB on its field, keeping the text and link", async () => {
    const w = await world();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    const call = await callRoute(plain(compete.action), entryPost(w.ada.cookie, w.round.id, { text: "Our lantern", link: "https://example.com/x" }, { bytes: big, name: "big.jpg", type: "image/jpeg" }));
    const answer = outcome(call);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ values: { text: "Our lantern", link: "https://example.com/x" } });
    expect((answer.data as { errors: { photo: string } }).errors.photo).toMatch(/over 2 MB/);
    expect(await db().select().from(roundEntries).where(eq(roundEntries.roundId, w.round.id))).toHaveLength(0);
  });

  it("refuses a huge body from its Content-Length before reading it (413), on the round's form", async () => {
    const w = await world();
    const body = new ReadableStream({
      pull() {
        throw new Error("the body was read");
      },
    });
    const request = new Request(new URL(`/compete?round=${w.round.id}`, BASE_URL), {
      method: "POST",
      body,
      duplex: "half",
      headers: { Accept: "text/html", Cookie: w.ada.cookie, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
    } as RequestInit);
    const answer = outcome(await callRoute(plain(compete.action), request));
    expect(answer.status).toBe(413);
    expect(answer.data).toMatchObject({ values: { intent: "entry", roundId: String(w.round.id) } });
    expect((answer.data as { errors: { photo: string } }).errors.photo).toMatch(/far over 2 MB/);
  });

  it("refuses a file that is not a picture, in English and Chinese, keeping the text", async () => {
    const w = await world();
    const notAPicture = new TextEncoder().encode("%PDF-1.4 not a picture at all");
    const call = await callRoute(plain(compete.action), entryPost(w.ada.cookie, w.round.id, { text: "Our lantern", link: "" }, { bytes: notAPicture, name: "lantern.jpg", type: "image/jpeg" }));
    expect(outcome(call)).toMatchObject({ status: 400, data: { values: { text: "Our lantern" }, errors: { photo: expect.stringContaining("isn\u2019t a picture we can read") } } });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const zh = entryPost(w.ada.cookie, w.round.id, { text: "Our lantern", link: "" }, { bytes: svg, name: "x.svg", type: "image/svg+xml" });
    zh.headers.set("Accept-Language", "zh");
    const answer = outcome(await callRoute(plain(compete.action), zh));
    expect(answer.status).toBe(400);
    expect((answer.data as { errors: { photo: string } }).errors.photo).toContain("不是我们能读取的图片");
  });

  it("is served to the party, the game master and the judges; 404 to anyone else until the round is published", async () => {
    const w = await world();
    const sent = await callRoute(plain(compete.action), entryPost(w.ada.cookie, w.round.id, { text: "Our lantern", link: "" }, { bytes: await photoWithLocation(), name: "l.jpg", type: "image/jpeg" }));
    expect(outcome(sent).status).toBe(303);
    const entry = await entryOf(w.round.id, w.party.id);
    for (const viewer of [w.ada, w.gm, w.judge]) {
      const call = await photoGet(entry.id, viewer.cookie);
      const response = call.result as unknown as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/jpeg");
      expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
      const etag = response.headers.get("ETag")!;
      expect(etag).toMatch(/^".+"$/);
      const again = (await photoGet(entry.id, viewer.cookie, { "If-None-Match": etag })).result as unknown as Response;
      expect(again.status).toBe(304);
    }
    const stranger = await signedIn();
    for (const viewer of [w.rival, stranger]) expect(outcome(await photoGet(entry.id, viewer.cookie)).status).toBe(404);
    // An entry without a photo, and no entry at all, answer the same.
    expect(outcome(await photoGet(entry.id + 1000, w.gm.cookie)).status).toBe(404);
    await db().update(contestRounds).set({ state: "published" }).where(eq(contestRounds.id, w.round.id));
    expect(((await photoGet(entry.id, w.rival.cookie)).result as unknown as Response).status).toBe(200);
    expect(outcome(await photoGet(entry.id, stranger.cookie)).status).toBe(404);
  });
});
