/** The salute screens' form posts: PRG on success, field errors with the right status and the typed values kept. */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/db";
import { callRoute, formRequest } from "../support/route";
import { db } from "~/platform/db/db.server";
import { members } from "~/platform/db/schema";
import { sessionCookieFor, startSession } from "~/features/auth/session-store.server";
import { sendSalute } from "~/features/salutes/salutes.server";
import * as compliment from "~/routes/compliment";
import * as starsalute from "~/routes/starsalute";
import * as secretSalute from "~/routes/secret-salute";
import * as reactions from "~/routes/resources/reactions";

let giver: { id: number; cookie: string };
let friend: { id: number };

async function signedIn(phone: string, firstName: string) {
  const [m] = await db().insert(members).values({ phone, firstName }).returning();
  const sid = await startSession(m!.id);
  const cookie = (await sessionCookieFor(new Request("http://localhost:3000"), sid)).split(";")[0]!;
  return { id: m!.id, cookie };
}

/** A browser's form post (it asks for a page). */
const post = (path: string, fields: Record<string, string>, cookie = giver.cookie) =>
  formRequest(path, fields, { headers: { Cookie: cookie, Accept: "text/html" } });

type Failure = { data: { values: Record<string, string>; errors: Record<string, string> }; init: { status: number } };

beforeAll(async () => {
  await createTestDatabase();
  giver = await signedIn("+15550002001", "Gia");
  friend = await signedIn("+15550002002", "Fern");
});

describe("compliment form", () => {
  it("sends, then redirects to the post with a toast", async () => {
    const call = await callRoute(compliment.action as never, post("/compliment", { recipientId: String(friend.id), message: "Great map skills", gems: "2" }));
    const response = call.result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/newsfeed\/compliment\/\d+$/);
    expect(call.response.headers.get("Set-Cookie")).toContain("toast");
  });

  it("answers 400 with the typed words kept when the message is missing or too long", async () => {
    const long = "x".repeat(281);
    const call = await callRoute(compliment.action as never, post("/compliment", { recipientId: String(friend.id), message: long, gems: "1" }));
    const failure = call.result as Failure;
    expect(failure.init.status).toBe(400);
    expect(failure.data.values.message).toBe(long);
    expect(failure.data.errors.message).toBe("Keep it to 280 characters.");
  });

  it("answers 409 when the gems are not there, 400 for yourself", async () => {
    const many = await callRoute(compliment.action as never, post("/compliment", { recipientId: String(friend.id), message: "All of them", gems: "10" }));
    expect((many.result as Failure).init.status).toBe(409);
    expect((many.result as Failure).data.errors.gems).toMatch(/gems/);
    const self = await callRoute(compliment.action as never, post("/compliment", { recipientId: String(giver.id), message: "Me", gems: "0" }));
    expect((self.result as Failure).init.status).toBe(400);
    expect((self.result as Failure).data.errors.recipientId).toBe("You can't salute yourself.");
  });

  it("answers 409 to the same compliment again", async () => {
    const fields = { recipientId: String(friend.id), message: "Twice is too much", gems: "0" };
    await callRoute(compliment.action as never, post("/compliment", fields));
    const again = await callRoute(compliment.action as never, post("/compliment", fields));
    expect((again.result as Failure).init.status).toBe(409);
  });

  it("sends an anonymous visitor to sign in", async () => {
    const call = await callRoute(compliment.loader as never, new Request("http://localhost:3000/compliment?to=1"));
    expect((call.thrown as Response).headers.get("Location")).toBe("/signin?redirectTo=%2Fcompliment%3Fto%3D1");
  });
});

describe("star salute form", () => {
  it("refuses 4 stars and redirects to the receipt for 3", async () => {
    const bad = await callRoute(starsalute.action as never, post("/starsalute", { recipientId: String(friend.id), message: "Stellar", stars: "4" }));
    expect((bad.result as Failure).init.status).toBe(400);
    expect((bad.result as Failure).data.errors.stars).toBeTruthy();
    const good = await callRoute(starsalute.action as never, post("/starsalute", { recipientId: String(friend.id), message: "Stellar", stars: "3" }));
    expect((good.result as Response).headers.get("Location")).toMatch(/^\/starsalute\/view\/[A-Za-z0-9_-]{16,}\?celebrate=1$/);
  });
});

describe("secret salute form", () => {
  it("refuses an unkind note, keeping what was typed", async () => {
    const call = await callRoute(secretSalute.action as never, post("/secret-salute", { recipientId: String(friend.id), prompt: "smile", note: "you are stupid" }));
    const failure = call.result as Failure;
    expect(failure.init.status).toBe(400);
    expect(failure.data.values.note).toBe("you are stupid");
    expect(failure.data.errors.note).toMatch(/kind/);
  });

  it("answers 429 after 20 secret salutes in a day", async () => {
    const sender = await signedIn("+15550002003", "Sid");
    await db().execute(sql`
      insert into members (phone, first_name) select '+1555100' || lpad(i::text, 4, '0'), 'Target' || i from generate_series(1, 21) i`);
    const targets = await db().execute(sql`select id from members where phone like '+1555100%' order by id`);
    const ids = ((targets as { rows?: { id: number }[] }).rows ?? (targets as unknown as { id: number }[])).map((r) => r.id);
    for (const id of ids.slice(0, 20)) {
      const out = await sendSalute({ kind: "secret", senderId: sender.id, recipientId: id, prompt: "shine", note: "" });
      expect(out.ok).toBe(true);
    }
    const call = await callRoute(secretSalute.action as never, post("/secret-salute", { recipientId: String(ids[20]), prompt: "shine", note: "" }, sender.cookie));
    expect((call.result as Failure).init.status).toBe(429);
    expect((call.result as Failure).data.errors.form).toMatch(/20 secret salutes/);
  });
});

describe("glows", () => {
  it("toggles one glow per member, without JavaScript (PRG) and with it (JSON)", async () => {
    const out = await sendSalute({ kind: "compliment", senderId: friend.id, recipientId: giver.id, message: "Glow test", gems: 0 });
    if (!out.ok) throw new Error(out.refusal);
    const id = String(out.value.postId);
    const on = await callRoute(reactions.action as never, post("/reactions", { postId: id, glow: "on", redirectTo: "/newsfeed" }));
    expect((on.result as Response).headers.get("Location")).toBe(`/newsfeed#post-${id}`);
    // A double submit of the same form cannot count twice.
    const again = await callRoute(reactions.action as never, post("/reactions", { postId: id, glow: "on", stay: "1" }));
    expect((again.result as { data: unknown }).data).toEqual({ success: true, result: { glowed: true, glows: 1 } });
    const off = await callRoute(reactions.action as never, post("/reactions", { postId: id, glow: "off", stay: "1" }));
    expect((off.result as { data: unknown }).data).toEqual({ success: true, result: { glowed: false, glows: 0 } });
    const missing = await callRoute(
      reactions.action as never,
      formRequest("/reactions", { postId: "99999999", glow: "on" }, { headers: { Cookie: giver.cookie } }),
    );
    // A post that is gone: 404 with the reason (a page's form post gets it as a toast instead).
    const gone = missing.result as { data: unknown; init: { status: number } };
    expect(gone.init.status).toBe(404);
    expect(gone.data).toEqual({ success: false, type: "NOT_FOUND", message: "That post isn't here any more." });
  });
});
