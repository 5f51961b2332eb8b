/**
 * Issue 36, point 6: every cap is a 429 with Retry-After, whatever the caller. Over real
 * HTTP to the built server (the demo world), each cap reached and then asked again by a
 * browser's plain form post (no JavaScript: the page again, with the message and what was
 * typed) and by a script asking for JSON (the envelope). The chat's cap and /invite's code
 * tries are in every-caller.test.ts; the rest of the list, and why some limits are no
 * refusal at all, is in decision 1346.
 */
import { describe, expect, it } from "vitest";
import { BROWSER, demoServer, type Reply } from "../support/demo-server";

const demo = demoServer("every-cap");
const { send } = demo;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function expectCapPage(reply: Reply, message: RegExp) {
  expect(reply.status, reply.text.slice(0, 300)).toBe(429);
  expect(Number(reply.headers["retry-after"])).toBeGreaterThan(0);
  expect(String(reply.headers["content-type"])).toContain("text/html");
  expect(reply.text).toMatch(message);
}

function expectCapEnvelope(reply: Reply, message: RegExp) {
  expect(reply.status, reply.text.slice(0, 300)).toBe(429);
  expect(Number(reply.headers["retry-after"])).toBeGreaterThan(0);
  expect(reply.json()).toMatchObject({ success: false, type: "TOO_MANY_REQUESTS", message: expect.stringMatching(message) });
}

describe("every cap is a 429 with Retry-After, to a form and to JSON (issue 36, point 6)", { timeout: 120_000 }, () => {
  it("staff sign-in tries (per username): /login's form without JavaScript, /login's older JSON flow and /api/login", async () => {
    const wrong = { username: "agent", password: "not-the-password" };
    for (let i = 0; i < 5; i++) {
      const free = await send("POST", "/login", { headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: BROWSER }, body: form(wrong) });
      expect(free.status, `free try ${i + 1}`).toBe(401);
    }
    const page = await send("POST", "/login", { headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: BROWSER }, body: form(wrong) });
    expectCapPage(page, /Too many tries|wait/i);
    // What was typed stays (the name, never the password).
    expect(page.text).toMatch(/name="username"[^>]*value="agent"|value="agent"[^>]*name="username"/);
    expectCapEnvelope(await send("POST", "/login", { headers: { "Content-Type": "application/json" }, body: JSON.stringify(wrong) }), /./);
    expectCapEnvelope(await send("POST", "/api/login/", { headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(wrong) }), /./);
  });

  it("sign-in codes for one phone (one a minute): /signin's form without JavaScript, /signin as JSON and /api/getphonecode", async () => {
    // The button offered when cookies were not accepted yet: it accepts them and sends.
    const cookie = "";
    const phone = "+15550100005";
    const sent = await send("POST", "/signin", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: cookie },
      body: form({ intent: "send-accepting-cookies", phone }),
    });
    expect(sent.status, sent.text.slice(0, 200)).toBe(200);
    // A second code for the number within its minute, asked three ways (each a browser of its own).
    const page = await send("POST", "/signin", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: BROWSER, Cookie: cookie },
      body: form({ intent: "send-accepting-cookies", phone: "555 010 0005" }),
    });
    expectCapPage(page, /wait/i);
    expect(page.text).toContain("555 010 0005");
    expectCapEnvelope(
      await send("POST", "/signin", { headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: cookie }, body: form({ intent: "send-accepting-cookies", phone }) }),
      /wait/i,
    );
    expectCapEnvelope(
      await send("POST", "/api/getphonecode/", { headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie }, body: JSON.stringify({ phone }) }),
      /wait/i,
    );
  });
  it("wrong treasure codes (five in the window): /treasure/{id}'s form without JavaScript and as JSON", async () => {
    const cookie = await demo.memberCookie("+15550100006");
    const list = await send("GET", "/treasure", { headers: { Cookie: cookie, Accept: BROWSER } });
    const id = /href="\/treasure\/(\d+)"/.exec(list.text)?.[1];
    expect(id, "a treasure of the demo world on /treasure").toBeDefined();
    const post = (accept: string) =>
      send("POST", `/treasure/${id}`, { headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: accept, Cookie: cookie }, body: form({ code: "NOTTHECODE1" }) });
    for (let i = 0; i < 5; i++) expect((await post(BROWSER)).status, `wrong code ${i + 1}`).toBe(400);
    expectCapPage(await post(BROWSER), /Too many wrong codes/);
    expectCapEnvelope(await post("application/json"), /Too many wrong codes/);
  });
  it("invitations by email (30 an hour a ringleader): /partymanager's form without JavaScript and as JSON", async () => {
    const katherine = await demo.memberCookie("+15550100004");
    const manager = await send("GET", "/partymanager", { headers: { Cookie: katherine, Accept: BROWSER } });
    const partyId = /name="partyId" value="(\d+)"/.exec(manager.text)?.[1];
    expect(partyId, "Katherine's party, the Lanterns, on /partymanager").toBeDefined();
    const post = (accept: string, n: number) =>
      send("POST", "/partymanager", {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: accept, Cookie: katherine },
        body: form({ intent: "invite-email", partyId: partyId!, email: `friend${n}@example.com`, language: "en" }),
      });
    // Each send counts, whether its seat was free (200) or the party is full of invitations
    // already (409): the count is what bounds the emails a ringleader can have sent.
    for (let i = 0; i < 30; i++) expect([200, 409], `invitation ${i + 1}`).toContain((await post("application/json", i)).status);
    const page = await post(BROWSER, 30);
    expectCapPage(page, /You(’|&#x27;|')ve sent many invitations by email\. Try again in (1 hour|\d+ minutes?)\./);
    expect(page.text).toContain("friend30@example.com");
    expectCapEnvelope(await post("application/json", 31), /invitations by email\. Try again in (1 hour|\d+ minutes?)\./);
  });
});
