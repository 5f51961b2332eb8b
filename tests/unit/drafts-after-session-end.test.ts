/**
 * A form posted after the session ended keeps what was typed on the server (decision
 * 0509), however long or full of quotes it is: reproduced with 2,000 quote characters on
 * /compliment, /beamkins/chat and /profile, which used to answer 500 ("Cookie length will
 * exceed browser maximum") and lose the text. Fields over their limit are refused with the
 * field's own message once the member is signed in again, with the text given back whole.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/db";
import { memberFactory } from "../support/members";
import { BASE_URL, callRoute } from "../support/route";
import { consentCookie } from "~/platform/cookies.server";
import { db } from "~/platform/db/db.server";
import { formDrafts } from "~/platform/db/schema";
import { sessionCookieFor, startSession } from "~/features/auth/session-store.server";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { loader as rootLoader } from "~/root";
import * as compliment from "~/routes/compliment";
import * as chatDemo from "~/routes/chat-demo";
import * as profile from "~/routes/profile";
import * as chat from "~/routes/resources/beamkins-chat";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

const QUOTES = '"'.repeat(2000);
const signedIn = memberFactory("+1555620");

async function consent() {
  return (await consentCookie.serialize("yes")).split(";")[0]!;
}

/** A plain form posted by a browser whose session has ended, from the page it was on. */
async function postedAfterSessionEnded(path: string, page: string, fields: Record<string, string>) {
  return new Request(new URL(path, BASE_URL), {
    method: "POST",
    headers: {
      Cookie: await consent(),
      Referer: new URL(page, BASE_URL).toString(),
      Accept: "text/html",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
}

const forms = [
  { route: compliment.action, path: "/compliment", page: "/compliment?to=3", fields: { recipientId: "3", message: QUOTES, gems: "0" }, typed: "message" },
  { route: chat.action, path: "/beamkins/chat", page: "/beamkins", fields: { message: QUOTES }, typed: "message" },
  {
    route: profile.action,
    path: "/profile",
    page: "/profile",
    fields: { intent: "details", firstName: QUOTES, lastName: "Quote", username: "quoter", email: "q@example.com", zipcode: "94110" },
    typed: "firstName",
  },
] as const;

describe("2,000 quote characters posted after the session ended", () => {
  it.each(forms)("on $path go to sign-in with a short cookie, and come back whole after it, once", async (form) => {
    const call = await callRoute(form.route as never, await postedAfterSessionEnded(form.path, form.page, form.fields));
    const refusal = (call.thrown ?? call.result) as Response;
    expect(refusal).toBeInstanceOf(Response);
    expect(refusal.status).toBe(302);
    expect(refusal.headers.get("Location")).toMatch(/^\/signin\?redirectTo=.*&expired=1$/);
    const cookie = refusal.headers.get("Set-Cookie") ?? "";
    // Only a short random key travels in the cookie, never the text.
    expect(cookie.length).toBeLessThan(600);
    expect(decodeURIComponent(cookie)).not.toContain('""');

    // Signed in again (a new session in the same cookie), the page asks for it: there it is.
    const { member } = await signedIn();
    const sid = await startSession(member.id);
    const signedInCookie = (await sessionCookieFor(new Request(BASE_URL, { headers: { Cookie: cookie.split(";")[0]! } }), sid)).split(";")[0]!;
    let jar = signedInCookie;
    const open = async () => {
      const call = await callRoute(rootLoader as never, new Request(new URL(form.page, BASE_URL), { headers: { Cookie: jar } }));
      const result = call.result as { data: { draft: Record<string, string> | null }; init: { headers?: HeadersInit } | null };
      // The browser keeps what the page answered (the draft's key is taken out of the cookie).
      const next = new Headers(result.init?.headers).getSetCookie().find((c) => c.startsWith("sessionID="));
      if (next) jar = next.split(";")[0]!;
      return result;
    };
    const given = await open();
    expect(given.data.draft?.[form.typed]).toBe(QUOTES);
    // Once: opened again (even with the old cookie), the page is empty.
    const again = await open();
    expect(again.data.draft).toBeNull();
    jar = signedInCookie;
    expect((await open()).data.draft).toBeNull();
  });
});

describe("a field over its limit, signed in", () => {
  type Refused = { data: { values?: Record<string, string>; errors?: Record<string, string> }; init: { status: number } };
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    new Request(new URL(path, BASE_URL), {
      method: "POST",
      headers: { Cookie: cookie, Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("a compliment: refused with the field's message, the text given back whole", async () => {
    const { cookie } = await signedIn();
    const { member: friend } = await signedIn();
    const call = await callRoute(compliment.action as never, post("/compliment", cookie, { recipientId: String(friend.id), message: QUOTES, gems: "0" }));
    const refused = call.result as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors?.message).toBe("Keep it to 280 characters.");
    expect(refused.data.values?.message).toBe(QUOTES);
  });

  it("a chat message: refused with the field's message, the text given back whole", async () => {
    const { cookie } = await signedIn();
    const long = `${QUOTES}!`;
    const call = await callRoute(chatDemo.action as never, post("/chat-demo", cookie, { message: long }));
    const refused = call.result as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors?.message).toMatch(/2,?000/);
    expect(refused.data.values?.message).toBe(long);
  });

  it("a profile detail: refused with the field's message, the text given back whole", async () => {
    const { cookie } = await signedIn();
    const call = await callRoute(
      profile.action as never,
      post("/profile", cookie, { intent: "details", firstName: QUOTES, lastName: "", username: "quoted", email: "q@example.com", zipcode: "94110" }),
    );
    const refused = call.result as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors?.firstName).toBe("Enter your first name (up to 50 characters).");
    expect(refused.data.values?.firstName).toBe(QUOTES);
  });

  it("drafts left behind expire: nothing is kept longer than half an hour", async () => {
    const rows = await db().select().from(formDrafts);
    for (const row of rows) expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(30 * 60_000);
  });
});
