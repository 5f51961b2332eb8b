/**
 * The staff console through its pages' loaders and actions (with the root middleware):
 * staff and member sessions kept apart, who may do what, moderation with its notices and
 * the receipt rule, suspension, and the audit trail of every action.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { memberFactory } from "../../../tests/support/members";
import { consoleOutboxPerTest } from "../../../tests/support/sms";
import { BASE_URL, callRoute, formRequest, outcome, toastOf } from "../../../tests/support/route";
import { currentMember } from "~/features/auth/principal.server";
import { startSession } from "~/features/auth/session-store.server";
import { signInText, startPhoneSignIn, verifyPhoneCode } from "~/features/auth/sign-in.server";
import { reportQueue } from "~/features/salutes/moderation.server";
import { findStarReceipt, listReceivedSalutes, reportSalute, sendSalute, starReceiptPath } from "~/features/salutes/salutes.server";
import { db } from "~/platform/db/db.server";
import { memberNotices, posts, staffAudit } from "~/platform/db/schema";
import * as dashboardRoute from "~/routes/dashboard";
import * as loginRoute from "~/routes/login";
import * as saluteSelect from "~/routes/salute-select";
import { addAgentResource, createStaffAccount } from "./accounts.server";
import { listAudit, OPERATOR } from "./audit.server";
import { currentStaff, requireStaff } from "./principal.server";
import { STAFF_COOKIE_NAME, staffCookieFor } from "./sessions.server";
import { signInStaff } from "./sign-in.server";
import { generatedName } from "~/features/members/member-name.server";

await createTestDatabase();
const outbox = consoleOutboxPerTest();
const signedIn = memberFactory("+1555480");

type Plain = (args: Parameters<Parameters<typeof callRoute>[0]>[0]) => Promise<unknown>;
const plain = (fn: unknown) => fn as Plain;

let n = 0;
async function staffMember(isAdmin: boolean, resources: { name: string; url: string }[] = []) {
  n += 1;
  const username = `${isAdmin ? "boss" : "helper"}${n}`;
  const password = `the password of ${username}`;
  const made = await createStaffAccount(OPERATOR, { username, password, isAdmin });
  if (!made.ok) throw new Error(made.refusal);
  for (const r of resources) await addAgentResource(OPERATOR, { agentId: made.value.agentId!, ...r });
  const out = await signInStaff({ username, password, clientIp: `192.0.2.${n}` });
  if (!out.ok) throw new Error(out.refusal);
  const cookie = (await staffCookieFor(out.value.sid)).split(";")[0]!;
  return { id: made.value.id, username, password, cookie, sid: out.value.sid };
}

const page = (path: string, cookie = "") => new Request(`${BASE_URL}${path}`, { headers: { Accept: "text/html", Cookie: cookie } });
const post = (path: string, fields: Record<string, string>, cookie = "") =>
  formRequest(path, fields, { headers: { Accept: "text/html", Cookie: cookie, Referer: `${BASE_URL}${path}` } });

async function reportedSecret() {
  const { member: sender } = await signedIn({ firstName: "Sly", lastName: "Sender" });
  const recipient = await signedIn({ firstName: "Rae", lastName: "Recipient" });
  const sent = await sendSalute({ kind: "secret", senderId: sender.id, recipientId: recipient.member.id, prompt: "brave", note: "you were loud" });
  if (!sent.ok) throw new Error(sent.refusal);
  expect((await reportSalute(recipient.member.id, sent.value.saluteId, "unkind")).ok).toBe(true);
  return { sender, recipient, saluteId: sent.value.saluteId };
}

describe("staff and member sessions are kept apart", () => {
  it("a member's session makes no one staff, and a staff session makes no one a member", async () => {
    const { cookie: memberCookie, member } = await signedIn();
    const agent = await staffMember(false);
    const asMember = await callRoute(async ({ context }) => [await currentStaff(context), await currentMember(context)], page("/dashboard", memberCookie));
    expect(asMember.result).toEqual([null, expect.objectContaining({ member: expect.objectContaining({ id: member.id }) })]);
    const asStaff = await callRoute(async ({ context }) => [await currentStaff(context), await currentMember(context)], page("/dashboard", agent.cookie));
    expect(asStaff.result).toEqual([expect.objectContaining({ id: agent.id }), null]);
    // One browser with both: each kind sees its own.
    const both = await callRoute(async ({ context }) => [(await currentStaff(context))?.id, (await currentMember(context))?.member.id], page("/", `${memberCookie}; ${agent.cookie}`));
    expect(both.result).toEqual([agent.id, member.id]);
  });

  it("the dashboard sends a member to /login, and a member page sends staff to /signin", async () => {
    const { cookie: memberCookie } = await signedIn();
    const agent = await staffMember(false);
    expect(outcome(await callRoute(plain(dashboardRoute.loader), page("/dashboard", memberCookie)))).toMatchObject({ status: 302, location: "/login" });
    expect(outcome(await callRoute(plain(saluteSelect.loader), page("/salute-select", agent.cookie)))).toMatchObject({ status: 302, location: "/signin?redirectTo=%2Fsalute-select" });
    // A JSON caller without a staff session: 401 in the envelope.
    const json = await callRoute(({ context }) => requireStaff(context), new Request(`${BASE_URL}/dashboard`, { headers: { Accept: "application/json", Cookie: memberCookie } }));
    expect(outcome(json)).toMatchObject({ status: 401, data: { success: false, type: "UNAUTHORIZED" } });
  });

  it("the staff cookie is its own: HttpOnly, Secure, SameSite=Strict, 8 hours (a member's lasts 3 days)", async () => {
    const cookie = await staffCookieFor("an-id");
    expect(cookie).toMatch(new RegExp(`^${STAFF_COOKIE_NAME}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=28800/);
  });
});

describe("/login", () => {
  it("signs in, sets the staff cookie, and goes to the dashboard, opening an agent's one resource", async () => {
    const made = await createStaffAccount(OPERATOR, { username: "loginagent", password: "the loginagent password", isAdmin: false });
    if (!made.ok) throw new Error(made.refusal);
    await addAgentResource(OPERATOR, { agentId: made.value.agentId!, name: "Texts", url: "https://texts.example/" });
    const call = await callRoute(plain(loginRoute.action), post("/login", { username: "loginagent", password: "the loginagent password" }));
    const response = call.result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dashboard?opening=1");
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${STAFF_COOKIE_NAME}=`))).toBe(true);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("sessionID="))).toBe(false);
    expect(await toastOf(call.response)).toMatchObject({ type: "success", message: "Signed in." });
  });

  it("refuses a wrong password with the server's message, keeping the username and never the password", async () => {
    const call = await callRoute(plain(loginRoute.action), post("/login", { username: "loginagent", password: "wrong wrong wrong" }));
    expect(outcome(call)).toMatchObject({ status: 401, data: { values: { username: "loginagent" }, errors: { form: "Wrong username or password." } } });
    expect(JSON.stringify(outcome(call).data)).not.toContain("wrong wrong wrong");
  });
});

describe("moderation", () => {
  it("shows an agent the queue oldest first with each sender, and hiding tells the reporter", async () => {
    const first = await reportedSecret();
    const second = await reportedSecret();
    const agent = await staffMember(false);
    const loaded = await callRoute(plain(dashboardRoute.loader), page("/dashboard", agent.cookie));
    const data = loaded.result as Awaited<ReturnType<typeof dashboardRoute.loader>>;
    const ids = data.queue.map((r) => r.id);
    expect(ids.indexOf(first.saluteId)).toBeLessThan(ids.indexOf(second.saluteId));
    expect(data.queue.find((r) => r.id === first.saluteId)).toMatchObject({ sender: { id: first.sender.id, name: "Sly Sender" }, reason: "unkind" });
    expect(data.admin).toBeNull();

    const hidden = await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "handle-report", saluteId: String(first.saluteId), decision: "hide", sender: "warn" }, agent.cookie));
    expect(outcome(hidden)).toMatchObject({ status: 303, location: "/dashboard#queue" });
    expect((await reportQueue("en")).map((r) => r.id)).not.toContain(first.saluteId);
    expect(await listReceivedSalutes(first.recipient.member.id, "en")).toEqual([]);
    const notices = await db().select().from(memberNotices).where(eq(memberNotices.memberId, first.recipient.member.id));
    expect(notices.map((x) => x.kind)).toEqual(["report-handled"]);
    const warned = await db().select().from(memberNotices).where(eq(memberNotices.memberId, first.sender.id));
    expect(warned.map((x) => x.kind)).toEqual(["warning"]);

    // The reporter reads it on the salutes page, without a word about the sender.
    const select = await callRoute(plain(saluteSelect.loader), page("/salute-select", first.recipient.cookie));
    const shown = select.result as Awaited<ReturnType<typeof saluteSelect.loader>>;
    expect(shown.notices.map((x) => x.kind)).toEqual(["report-handled"]);
    expect(JSON.stringify(shown)).not.toContain("Sly");

    // Decided once: a second decision finds nothing to decide.
    const again = await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "handle-report", saluteId: String(first.saluteId), decision: "restore" }, agent.cookie));
    expect(outcome(again).status).toBe(409);
  });

  it("names a sender without a chosen name by the generated name in the reader's language (0512): Chinese for a zh reader", async () => {
    const { member: nameless } = await signedIn();
    const recipient = await signedIn({ firstName: "Rae" });
    const sent = await sendSalute({ kind: "secret", senderId: nameless.id, recipientId: recipient.member.id, prompt: "brave", note: "hm" });
    if (!sent.ok) throw new Error(sent.refusal);
    expect((await reportSalute(recipient.member.id, sent.value.saluteId, "unkind")).ok).toBe(true);
    const agent = await staffMember(false);
    for (const lng of ["zh", "en"] as const) {
      const loaded = await callRoute(plain(dashboardRoute.loader), page(`/dashboard?lng=${lng}`, agent.cookie));
      const data = loaded.result as Awaited<ReturnType<typeof dashboardRoute.loader>>;
      const row = data.queue.find((r) => r.id === sent.value.saluteId)!;
      expect(row.sender.name).toBe(generatedName(nameless.id, lng));
    }
    expect(generatedName(nameless.id, "zh")).toMatch(/^[\u4e00-\u9fff]{2,8}\d{2}号$/);
  });

  it("an agent may not suspend a sender from the queue; an admin may", async () => {
    const report = await reportedSecret();
    const agent = await staffMember(false);
    const refused = await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "handle-report", saluteId: String(report.saluteId), decision: "hide", sender: "suspend", reason: "bullying" }, agent.cookie));
    expect(outcome(refused)).toMatchObject({ status: 403, data: { errors: { sender: "Only an admin may do that." } } });
    expect((await reportQueue("en")).map((r) => r.id)).toContain(report.saluteId);

    const admin = await staffMember(true);
    const done = await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "handle-report", saluteId: String(report.saluteId), decision: "hide", sender: "suspend", reason: "bullying" }, admin.cookie));
    expect(outcome(done).status).toBe(303);
    const trail = await listAudit();
    expect(trail.find((e) => e.action === "suspend-member" && e.targetId === String(report.sender.id))).toMatchObject({ staffUsername: admin.username, details: { reason: "bullying" } });
  });

  it("a hidden star salute's receipt stops being public; a restored one is back with its post", async () => {
    const { member: giver } = await signedIn({ firstName: "Gia" });
    const recipient = await signedIn({ firstName: "Remy" });
    const sent = await sendSalute({ kind: "star", senderId: giver.id, recipientId: recipient.member.id, message: "hmm", stars: 1, gems: 0 });
    if (!sent.ok) throw new Error(sent.refusal);
    expect(await findStarReceipt(sent.value.receiptCode, "en")).not.toBeNull();
    await reportSalute(recipient.member.id, sent.value.saluteId, "unwanted");
    // Private while the report waits (decision 0508), and still once staff hid it.
    expect(await findStarReceipt(sent.value.receiptCode, "en")).toBeNull();
    const admin = await staffMember(true);
    await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "handle-report", saluteId: String(sent.value.saluteId), decision: "hide" }, admin.cookie));
    expect(await findStarReceipt(sent.value.receiptCode, "en")).toBeNull();
    expect(await starReceiptPath(sent.value.saluteId)).toBeNull();

    const other = await sendSalute({ kind: "star", senderId: giver.id, recipientId: recipient.member.id, message: "well done", stars: 2, gems: 0 });
    if (!other.ok) throw new Error(other.refusal);
    await reportSalute(recipient.member.id, other.value.saluteId, "other");
    expect(await findStarReceipt(other.value.receiptCode, "en")).toBeNull();
    await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "handle-report", saluteId: String(other.value.saluteId), decision: "restore" }, admin.cookie));
    expect(await findStarReceipt(other.value.receiptCode, "en")).toMatchObject({ id: other.value.saluteId, postId: expect.any(Number) });
    expect(await starReceiptPath(other.value.saluteId)).toBe(`/starsalute/view/${other.value.receiptCode}`);
    expect(await db().select().from(posts).where(and(eq(posts.type, "starsalute"), eq(posts.refId, other.value.saluteId)))).toHaveLength(1);
    expect((await listReceivedSalutes(recipient.member.id, "en")).map((s) => s.id)).toContain(other.value.saluteId);
  });

  it("a restored salute reported again goes back into the queue, its receipt private until staff decide; a hidden one stays decided", async () => {
    const { member: giver } = await signedIn({ firstName: "Ivo" });
    const recipient = await signedIn({ firstName: "Una" });
    const admin = await staffMember(true);
    const sent = await sendSalute({ kind: "star", senderId: giver.id, recipientId: recipient.member.id, message: "again?", stars: 1, gems: 0 });
    if (!sent.ok) throw new Error(sent.refusal);
    const { saluteId, receiptCode } = sent.value;
    const decide = (decision: "hide" | "restore") =>
      callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "handle-report", saluteId: String(saluteId), decision }, admin.cookie));

    await reportSalute(recipient.member.id, saluteId, "unwanted");
    expect(outcome(await decide("restore")).status).toBe(303);
    expect(await findStarReceipt(receiptCode, "en")).not.toBeNull();

    expect((await reportSalute(recipient.member.id, saluteId, "unkind")).ok).toBe(true);
    expect((await reportQueue("en")).find((r) => r.id === saluteId)).toMatchObject({ reason: "unkind" });
    expect(await findStarReceipt(receiptCode, "en")).toBeNull();
    expect(outcome(await decide("hide")).status).toBe(303);
    expect(await findStarReceipt(receiptCode, "en")).toBeNull();

    // A report of a salute staff hid changes nothing: it stays hidden and out of the queue.
    expect((await reportSalute(recipient.member.id, saluteId, "other")).ok).toBe(true);
    expect((await reportQueue("en")).map((r) => r.id)).not.toContain(saluteId);
    expect(await findStarReceipt(receiptCode, "en")).toBeNull();
  });
});

describe("suspending a member", () => {
  it("is for admins only, signs the member out everywhere, and refuses their next sign-in", async () => {
    const phone = "5554815550";
    const { member, cookie } = await signedIn({ phone: `+1${phone}`, firstName: "Sam" });
    await startSession(member.id); // a second device
    const agent = await staffMember(false);
    const forbidden = await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "suspend-member", memberId: String(member.id), reason: "spam" }, agent.cookie));
    expect(outcome(forbidden).status).toBe(403);

    const admin = await staffMember(true);
    const done = await callRoute(plain(dashboardRoute.action), post("/dashboard?q=Sam", { intent: "suspend-member", memberId: String(member.id), reason: "spam" }, admin.cookie));
    expect(outcome(done)).toMatchObject({ status: 303, location: "/dashboard?q=Sam#members" });
    const next = await callRoute(({ context }) => currentMember(context), page("/newsfeed", cookie));
    expect(next.result).toBeNull();

    const sent = await startPhoneSignIn({ phone, clientIp: "192.0.2.200", allowedCallingCodes: ["1"], textFor: (code) => signInText("code", "glow.example", code) });
    if (sent.status !== "sent") throw new Error(sent.status);
    const code = /#(\d{6})$/.exec(outbox().outbox().find((t) => t.to === `+1${phone}`)!.body)![1]!;
    expect(await verifyPhoneCode({ attemptId: sent.attemptId, code })).toEqual({ status: "suspended" });

    // Twice is refused, and writes nothing more to the trail.
    const before = (await db().select().from(staffAudit).where(eq(staffAudit.action, "suspend-member"))).length;
    const twice = await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "suspend-member", memberId: String(member.id), reason: "spam" }, admin.cookie));
    expect(outcome(twice).status).toBe(409);
    expect((await db().select().from(staffAudit).where(eq(staffAudit.action, "suspend-member"))).length).toBe(before);

    const lifted = await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "lift-suspension", memberId: String(member.id) }, admin.cookie));
    expect(outcome(lifted).status).toBe(303);
    const again = await startPhoneSignIn({ phone, clientIp: "192.0.2.201", allowedCallingCodes: ["1"], textFor: (c) => signInText("code", "glow.example", c), now: new Date(Date.now() + 120_000) });
    if (again.status !== "sent") throw new Error(again.status);
    const code2 = /#(\d{6})$/.exec(outbox().outbox().find((t) => t.to === `+1${phone}`)!.body)![1]!;
    expect(await verifyPhoneCode({ attemptId: again.attemptId, code: code2, now: new Date(Date.now() + 121_000) })).toMatchObject({ status: "signed-in" });
  });
});

describe("the audit trail", () => {
  it("holds every staff action with who did it, newest first, a page at a time", async () => {
    const admin = await staffMember(true);
    await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "create-staff", username: "newagent", password: "a brand new password" }, admin.cookie));
    const lookup = await callRoute(plain(dashboardRoute.loader), page("/dashboard?q=Sam", admin.cookie));
    expect((lookup.result as Awaited<ReturnType<typeof dashboardRoute.loader>>).admin?.found?.[0]).toMatchObject({ name: "Sam" });
    const signOut = await callRoute(plain(dashboardRoute.action), post("/dashboard", { intent: "sign-out" }, admin.cookie));
    expect(outcome(signOut)).toMatchObject({ status: 303, location: "/" });

    const mine = (await listAudit({ limit: 200 })).filter((e) => e.staffUsername === admin.username);
    expect(mine.map((e) => e.action)).toEqual(["sign-out", "look-up-members", "create-staff", "sign-in"]);
    expect(mine.find((e) => e.action === "create-staff")).toMatchObject({ targetKind: "staff", details: { username: "newagent", admin: false } });
    // Never a password in the trail.
    expect(JSON.stringify(await listAudit({ limit: 200 }))).not.toContain("a brand new password");

    const firstPage = await listAudit({ limit: 3 });
    const secondPage = await listAudit({ limit: 3, before: firstPage.at(-1)!.id });
    expect(secondPage[0]!.id).not.toBe(firstPage[2]!.id);
    expect(new Date(secondPage[0]!.at).getTime()).toBeLessThanOrEqual(new Date(firstPage[2]!.at).getTime());
  });
});
