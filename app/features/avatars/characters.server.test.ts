import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { accessLevelOf } from "~/features/auth/principal.server";
import { db } from "~/platform/db/db.server";
import { characters, members } from "~/platform/db/schema";
import {
  findCharacter,
  getLook,
  lookToRow,
  memberAvatar,
  resetCharacter,
  rowToLook,
  saveCharacter,
} from "./characters.server";
import { defaultLook, parseLook, type Look } from "./options.server";

beforeAll(async () => {
  await createTestDatabase();
});

let phone = 0;
async function newMember() {
  phone += 1;
  const [m] = await db()
    .insert(members)
    .values({ phone: `+1555000${String(phone).padStart(4, "0")}` })
    .returning();
  return m!;
}

const look = (raw: Record<string, unknown>): Look => {
  const r = parseLook(raw);
  if (!r.success) throw new Error(JSON.stringify(r.errors));
  return r.look;
};

describe("saved characters", () => {
  it("a member without a saved look wears the default one, from the shared default URL", async () => {
    const m = await newMember();
    expect(await getLook(m.id)).toEqual({ look: defaultLook(), version: null });
    expect(await memberAvatar(m.id)).toEqual({ url: "/avatars/default.svg", version: null });
  });

  it("saving raises the member to access level 2 and every save changes the URL", async () => {
    const m = await newMember();
    expect(await accessLevelOf(m)).toBe(1);
    await saveCharacter(m.id, look({ style: "dylan", hair: "shaggy", mood: "happy" }));
    expect(await accessLevelOf(m)).toBe(2);
    const first = await memberAvatar(m.id);
    expect(first.url).toBe(`/avatars/${m.id}/1.svg`);
    await saveCharacter(m.id, look({ style: "dylan", hair: "buns", mood: "sad" }));
    expect((await memberAvatar(m.id)).url).toBe(`/avatars/${m.id}/2.svg`);
  });

  it("keeps the spec's record fields in their columns and the rest in options", async () => {
    const m = await newMember();
    const saved = look({
      style: "dylan",
      seed: "Robin",
      hair: "spiky",
      mood: "confused",
      hairColor: "FF543D",
      skinColor: "ffd6c0",
      facialHair: "none",
      facialHairProbability: "60",
      backgroundColor: ["ffffff", "000000"],
      rotate: "45",
      flip: true,
      clip: true,
    });
    await saveCharacter(m.id, saved);
    const row = (await findCharacter(m.id))!;
    expect(row).toMatchObject({
      style: "dylan",
      seed: "Robin",
      hair: "spiky",
      mood: "confused",
      hairColor: "ff543d",
      skinColor: "ffd6c0",
      facialHair: "none",
      backgroundColor: "ffffff,000000",
      beard: null,
    });
    expect(row.options).toMatchObject({ rotate: 45, flip: true, facialHairProbability: 60 });
    expect((await getLook(m.id)).look).toEqual(saved);
  });

  it("a stored value the current DiceBear no longer knows falls back instead of breaking the avatar", () => {
    const row = { ...lookToRow(look({ style: "dylan", hair: "shaggy", mood: "happy" })), hair: "mullet" };
    const restored = rowToLook({ ...row, style: "dylan", seed: "Aneka", backgroundColor: null, options: { ...(row.options as object), rotate: 999 } });
    expect(restored.traits.hair).toBeUndefined();
    expect(restored.traits.mood).toBe("happy");
    expect(restored.rotate).toBe(0);
    expect(rowToLook({ style: "cubism", seed: "Zed", backgroundColor: null, options: {} }).style).toBe("pixelArt");
  });

  it("resetCharacter puts the look back to pixelArt / Aneka with a new URL, keeping level 2", async () => {
    const m = await newMember();
    await saveCharacter(m.id, look({ style: "lorelei", seed: "Mo", glasses: "variant02" }));
    await resetCharacter(m.id);
    const { look: after, version } = await getLook(m.id);
    expect(after).toEqual(defaultLook());
    expect(version).toBe(2);
    expect(await accessLevelOf(m)).toBe(2);
  });

  it("saves made at the same moment each get their own version", async () => {
    const m = await newMember();
    await Promise.all(
      ["plain", "wavy", "buns", "bangs"].map((hair) => saveCharacter(m.id, look({ style: "dylan", hair }))),
    );
    const [row] = await db().select().from(characters).where(eq(characters.memberId, m.id));
    expect(row!.version).toBe(4);
  });
});
