import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { saveCharacter } from "~/features/avatars/characters.server";
import { defaultLook } from "~/features/avatars/options.server";
import { db } from "~/platform/db/db.server";
import { members } from "~/platform/db/schema";
import { findPost, writePost } from "./feed.server";

beforeAll(async () => {
  await createTestDatabase();
});

describe("avatars on the newsfeed", () => {
  it("shows each author's current avatar URL, or the shared default before they save one", async () => {
    const [saver, newcomer] = await db()
      .insert(members)
      .values([
        { phone: "+15553000001", firstName: "Sav" },
        { phone: "+15553000002", firstName: "New" },
      ])
      .returning();
    await saveCharacter(saver!.id, defaultLook("dylan"));
    await saveCharacter(saver!.id, defaultLook("lorelei"));
    const id = await writePost({ type: "compliment", actorId: saver!.id, subjectId: newcomer!.id, text: "Hi" });
    const post = await findPost(id);
    expect(post?.actor?.avatarUrl).toBe(`/avatars/${saver!.id}/2.svg`);
    expect(post?.subject?.avatarUrl).toBe("/avatars/default.svg");
  });
});
