import type { i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { BASE_URL, callRoute } from "../../tests/support/route";
import { eq } from "drizzle-orm";
import { sessionCookieFor, startSession } from "~/features/auth/session-store.server";
import { hideSalute, reportSalute, sendSalute } from "~/features/salutes/salutes.server";
import { db } from "~/platform/db/db.server";
import { members, salutes } from "~/platform/db/schema";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import * as newsfeedPost from "./newsfeed-post";
import StarReceipt, * as starReceipt from "./star-receipt";
import { TranslationsProvider } from "~/platform/translations";

/** Route functions typed for callRoute (the generated types also want url and pattern). */
type Plain<T> = (args: Parameters<Parameters<typeof callRoute<T>>[0]>[0]) => Promise<T>;
const plain = <T,>(fn: (args: never) => Promise<T>) => fn as unknown as Plain<T>;
const receiptLoader = plain(starReceipt.loader);
const postLoader = plain(newsfeedPost.loader);

type ReceiptData = Awaited<ReturnType<typeof starReceipt.loader>>;

let giver: { id: number };
let friend: { id: number };

beforeAll(async () => {
  await createTestDatabase();
  const rows = await db()
    .insert(members)
    .values([
      { phone: "+15550003001", firstName: "Stella" },
      { phone: "+15550003002", firstName: "Orion" },
    ])
    .returning({ id: members.id });
  giver = rows[0]!;
  friend = rows[1]!;
});

const originalZone = process.env.TZ;
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

async function receiptCall(code: string, lng = "en") {
  const call = await callRoute(
    receiptLoader,
    new Request(`${BASE_URL}/starsalute/view/${code}?lng=${lng}`),
    { params: { starID: code }, pattern: "/starsalute/view/:starID" },
  );
  return { data: call.result as ReceiptData, i18n: getInstance(call.context) as I18n, thrown: call.thrown };
}

function html(i18n: I18n, code: string, data: ReceiptData) {
  const path = `/starsalute/view/${code}`;
  const Stub = createRoutesStub([{ id: "routes/star-receipt", path: "/starsalute/view/:starID", Component: StarReceipt as never }]);
  return renderToString(
    <TranslationsProvider translations={serverTranslations(i18n)}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { "routes/star-receipt": data } }} />
    </TranslationsProvider>,
  );
}

describe("star receipt page", () => {
  it("sends “See it in the newsfeed” to the salute's own post, and the post links back", async () => {
    // Late evening UTC: already tomorrow in Shanghai.
    const out = await sendSalute(
      { kind: "star", senderId: giver.id, recipientId: friend.id, message: "Bright!", stars: 3, gems: 0 },
      new Date("2025-06-01T22:15:00Z"),
    );
    if (!out.ok) throw new Error(out.refusal);
    const { data, i18n } = await receiptCall(out.value.receiptCode);
    expect(data.receipt.postId).toBe(out.value.postId);
    const page = html(i18n, out.value.receiptCode, data);
    expect(page).toContain(`href="/newsfeed/starsalute/${out.value.postId}"`);
    expect(page).not.toContain('href="/newsfeed"');

    // The post's page is the newsfeed's: a member's (decision 0513), here the recipient's.
    const cookie = (await sessionCookieFor(new Request(BASE_URL), await startSession(friend.id))).split(";")[0]!;
    const postRequest = new Request(`${BASE_URL}/newsfeed/starsalute/${out.value.postId}`, { headers: { Cookie: cookie } });
    const post = await callRoute(postLoader, postRequest, {
      params: { postType: "starsalute", id: String(out.value.postId) },
      pattern: "/newsfeed/:postType/:id",
    });
    expect((post.result as { receiptPath: string | null }).receiptPath).toBe(`/starsalute/view/${out.value.receiptCode}`);
  });

  it.each(["en", "zh"])("reads the same time in the server's and the browser's time zones (%s)", async (lng) => {
    const out = await sendSalute(
      { kind: "star", senderId: friend.id, recipientId: giver.id, message: `Night owl ${lng}`, stars: 1, gems: 0 },
      new Date("2025-06-01T22:15:00Z"),
    );
    if (!out.ok) throw new Error(out.refusal);
    process.env.TZ = "America/Los_Angeles";
    const { data, i18n } = await receiptCall(out.value.receiptCode, lng);
    expect(data.when).toMatch(lng === "en" ? /^June 1, 2025.*10:15\sPM UTC$/ : /^2025年6月1日.*22:15 UTC$/);
    const server = html(i18n, out.value.receiptCode, data);
    process.env.TZ = "Asia/Shanghai";
    expect(html(i18n, out.value.receiptCode, data)).toBe(server);
    expect(server).toContain(data.when);
  });

  it("marks the message's language where its script is not the page's", async () => {
    const out = await sendSalute({ kind: "star", senderId: giver.id, recipientId: friend.id, message: "谢谢你的帮助", stars: 1, gems: 0 });
    if (!out.ok) throw new Error(out.refusal);
    const en = await receiptCall(out.value.receiptCode, "en");
    expect(html(en.i18n, out.value.receiptCode, en.data)).toMatch(/<blockquote lang="zh"[^>]*>谢谢你的帮助</);
    const zh = await receiptCall(out.value.receiptCode, "zh");
    expect(html(zh.i18n, out.value.receiptCode, zh.data)).toMatch(/<blockquote class=[^>]*>谢谢你的帮助</);
  });

  it("falls back to the newsfeed once the post is gone", async () => {
    const out = await sendSalute({ kind: "star", senderId: giver.id, recipientId: friend.id, message: "Gone soon", stars: 2, gems: 0 });
    if (!out.ok) throw new Error(out.refusal);
    await hideSalute(friend.id, out.value.saluteId);
    const { data, i18n } = await receiptCall(out.value.receiptCode);
    expect(data.receipt.postId).toBeNull();
    expect(html(i18n, out.value.receiptCode, data)).toContain('href="/newsfeed"');
  });

  it("is found by an unguessable address, never by the salute's number", async () => {
    const sent = [];
    for (const message of ["One", "Two"]) {
      const out = await sendSalute({ kind: "star", senderId: giver.id, recipientId: friend.id, message, stars: 1, gems: 0 });
      if (!out.ok) throw new Error(out.refusal);
      sent.push(out);
    }
    const [first, second] = sent as [(typeof sent)[0] & { ok: true }, (typeof sent)[0] & { ok: true }];
    for (const out of [first, second]) {
      // At least 96 random bits, written URL-safe; nothing of the salute's number in it.
      expect(out.value.receiptCode).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect((await receiptCall(out.value.receiptCode)).data.receipt.message).toBeTruthy();
      const byNumber = await receiptCall(String(out.value.saluteId));
      expect((byNumber.thrown as { init?: { status?: number } }).init?.status).toBe(404);
    }
    expect(second.value.receiptCode).not.toBe(first.value.receiptCode);
    // The page shows the address's code, not a count of salutes.
    const { data, i18n } = await receiptCall(first.value.receiptCode);
    expect(html(i18n, first.value.receiptCode, data)).not.toContain(`#${first.value.saluteId}<`);
  });

  it("stops being public once its recipient reports it, until staff handle the report", async () => {
    const out = await sendSalute({ kind: "star", senderId: giver.id, recipientId: friend.id, message: "Reported", stars: 1, gems: 0 });
    if (!out.ok) throw new Error(out.refusal);
    expect((await receiptCall(out.value.receiptCode)).data.receipt.message).toBe("Reported");
    expect((await reportSalute(friend.id, out.value.saluteId, "unkind")).ok).toBe(true);
    const reported = await receiptCall(out.value.receiptCode);
    expect((reported.thrown as { init?: { status?: number } }).init?.status).toBe(404);
    // Staff dismiss the report: the receipt is public again.
    await db().update(salutes).set({ reportedAt: null }).where(eq(salutes.id, out.value.saluteId));
    expect((await receiptCall(out.value.receiptCode)).data.receipt.message).toBe("Reported");
  });
});
