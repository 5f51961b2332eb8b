/**
 * What a feed card says happened (issue 40, points 3 and 7), in English and Chinese: a member
 * who accepted an invitation *joined* the party (not "formed a party"), naming it; a contest
 * post says which round of which contest and who came first, in a sentence, and an older
 * post that only has its line of text still reads.
 */
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import type { CurrentMember } from "~/features/auth/principal.server";
import { acceptInvite, invite } from "~/features/parties/invites.server";
import { buildParty } from "~/features/parties/parties.server";
import { db } from "~/platform/db/db.server";
import { members, type Member } from "~/platform/db/schema";
import resources from "~/locales";
import { serverTranslations } from "~/platform/i18n.server";
import type { Language } from "~/platform/i18n";
import { TranslationsProvider } from "~/platform/translations";
import { listFeedCards, writePost, type CardPost } from "./feed.server";
import { PostCard } from "./post-card";

let n = 0;
async function person(firstName: string, lastName: string): Promise<Member> {
  n += 1;
  const [row] = await db().insert(members).values({ phone: `+1555850${String(n).padStart(4, "0")}`, firstName, lastName }).returning();
  return row!;
}
const acting = (member: Member): CurrentMember => ({ member, sid: "test", accessLevel: 2, roles: [], fingerprint: null, avatarVersion: null, activeBeamkin: null });

async function headline(post: CardPost, lang: Language) {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng: lang, fallbackLng: "en", defaultNS: "common", fallbackNS: "common", interpolation: { escapeValue: false } });
  const Stub = createRoutesStub([{ path: "/newsfeed", Component: () => <PostCard post={post} /> }]);
  const html = renderToString(
    <TranslationsProvider translations={serverTranslations(instance)}>
      <Stub initialEntries={["/newsfeed"]} />
    </TranslationsProvider>,
  );
  const heading = /<h3[^>]*>(?:<a[^>]*>)?(.*?)(?:<\/a>)?<\/h3>/.exec(html)?.[1] ?? "";
  return { heading: heading.replace(/&#x27;/g, "'"), html };
}

let cards: CardPost[] = [];
beforeAll(async () => {
  await createTestDatabase();
  const linus = await person("Linus", "Pauling");
  const ada = await person("Ada", "Lovelace");
  const built = await buildParty(acting(linus), { contestId: null, name: "Night Owls", motto: "", zipcode: null, cap: 8, joinPolicy: "invite" });
  if (!built.ok) throw new Error(built.refusal);
  const made = await invite(linus.id, built.value.partyId, { channel: "link", role: "member" }, "https://glow.example");
  if (!made.ok) throw new Error(made.refusal);
  const token = new URL(made.value.link).searchParams.get("invite")!;
  const accepted = await acceptInvite(ada.id, token, built.value.partyId);
  if (!accepted.ok) throw new Error(accepted.refusal);
  await writePost({ type: "contest", actorId: linus.id, refId: 1, text: "", data: { contest: "Spring Glow Hunt", round: 2, winner: "The Lanterns" } });
  await writePost({ type: "contest", actorId: linus.id, refId: 1, text: "", data: { contest: "Spring Glow Hunt", round: 3 } });
  await writePost({ type: "contest", actorId: linus.id, refId: 1, text: "An older line" });
  cards = (await listFeedCards(null, null, "en", Date.now())).posts;
});

describe("a feed card's headline", () => {
  it("says a member who accepted an invitation joined the party, and its founder formed it, naming it", async () => {
    const parties = cards.filter((c) => c.type === "party");
    const joined = parties.find((c) => c.actor?.name === "Ada Lovelace")!;
    const formed = parties.find((c) => c.actor?.name === "Linus Pauling")!;
    expect((await headline(joined, "en")).heading).toBe("Ada Lovelace joined Night Owls");
    expect((await headline(formed, "en")).heading).toBe("Linus Pauling formed Night Owls");
    expect((await headline(joined, "zh")).heading).toBe("Ada Lovelace 加入了 Night Owls");
    expect((await headline(formed, "zh")).heading).toBe("Linus Pauling 组建了 Night Owls");
    // The party's name is in the sentence; it is not repeated under it.
    expect((await headline(joined, "en")).html.match(/Night Owls/g)).toHaveLength(1);
  });

  it("says which round of which contest was published and who came first", async () => {
    const [noWinner, won] = cards.filter((c) => c.type === "contest" && c.data.round !== undefined);
    expect((await headline(won!, "en")).heading).toBe("Spring Glow Hunt, round 2: The Lanterns came first");
    expect((await headline(won!, "zh")).heading).toBe("Spring Glow Hunt 第 2 轮：The Lanterns 获得第一名");
    expect((await headline(noWinner!, "en")).heading).toBe("Spring Glow Hunt, round 3: the results are in");
    const older = cards.find((c) => c.type === "contest" && c.text === "An older line")!;
    const shown = await headline(older, "en");
    expect(shown.heading).toBe("Contest results are in");
    expect(shown.html).toContain("An older line");
  });
});
