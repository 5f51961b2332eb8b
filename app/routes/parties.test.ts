/**
 * The party screens through their routes, with real requests through the root middleware:
 * what a GET shows (and never spends), what a post does, and each refusal's status.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { memberFactory } from "../../tests/support/members";
import { BASE_URL, callRoute, formRequest, outcome, toastOf } from "../../tests/support/route";
import { db } from "~/platform/db/db.server";
import { emailOutbox, invites, memberRoles, contests, partyMembers, parties } from "~/platform/db/schema";
import { consoleKey } from "~/platform/console-key.server";
import { ConsoleEmailSender } from "~/platform/email/console.server";
import { setEmailSender } from "~/platform/email/email.server";
import type { FormAnswer } from "~/platform/respond.server";
import { generatedName } from "~/features/members/member-name.server";
import * as acceptInvite from "./accept-invite";
import * as invite from "./invite";
import * as mailbox from "./dev/mailbox-json";
import * as party from "./party";
import * as partybuilder from "./partybuilder";
import * as partymanager from "./partymanager";
import * as qrcode from "./qrcode";
import * as roles from "./user-role-display";

type Plain<T> = (args: Parameters<Parameters<typeof callRoute<T>>[0]>[0]) => Promise<T>;
const plain = <T,>(fn: (args: never) => Promise<T> | T) => fn as unknown as Plain<T>;

const signedIn = memberFactory("+1555500");
const page = { Accept: "text/html" };

beforeAll(async () => {
  await createTestDatabase();
});

function get(path: string, cookie?: string) {
  return new Request(new URL(path, BASE_URL), { headers: { ...page, ...(cookie ? { Cookie: cookie } : {}) } });
}
function post(path: string, cookie: string, fields: Record<string, string>) {
  return formRequest(path, fields, { headers: { ...page, Cookie: cookie } });
}
const statusOf = (call: { result: unknown; thrown: unknown }) => outcome(call).status;

/** Katherine, with a friends' party built through the builder. */
async function ringleaderWithParty(fields: Record<string, string> = {}) {
  const leader = await signedIn({ firstName: "Katherine", lastName: `Johnson${Math.random().toString(36).slice(2, 6)}` });
  const built = await callRoute(
    plain(partybuilder.action),
    post("/partybuilder", leader.cookie, { contestId: "none", name: `Party ${Math.random().toString(36).slice(2, 8)}`, motto: "", zipcode: "", cap: "8", joinPolicy: "invite", ...fields }),
  );
  const location = outcome(built).location!;
  const partyId = Number(new URL(location, BASE_URL).searchParams.get("party"));
  return { ...leader, partyId };
}

/** A link invitation made on the dashboard: its token, read from the /qrcode address it leads to. */
async function linkFrom(leader: { cookie: string; partyId: number }) {
  const made = await callRoute(plain(partymanager.action), post("/partymanager", leader.cookie, { intent: "invite-link", partyId: String(leader.partyId), role: "member" }));
  const location = outcome(made).location!;
  expect(location).toMatch(/^\/qrcode\?invite=/);
  return new URL(location, BASE_URL).searchParams.get("invite")!;
}

const acceptPath = (partyId: number, token: string) => `/accept-invite/${partyId}?invite=${token}`;

describe("/partybuilder", () => {
  it("builds a party and goes to its dashboard with a toast", async () => {
    const leader = await signedIn({ firstName: "Builder" });
    const call = await callRoute(
      plain(partybuilder.action),
      post("/partybuilder", leader.cookie, { contestId: "none", name: "Night Owls", motto: "Up late", zipcode: "10001", cap: "6", joinPolicy: "open" }),
    );
    expect(outcome(call)).toMatchObject({ status: 303 });
    expect(outcome(call).location).toMatch(/^\/partymanager\?party=\d+$/);
    expect(await toastOf(call.response)).toMatchObject({ type: "success", message: "Night Owls is ready. Invite your first members!" });
  });

  it("keeps what was typed and names each field's problem, in the reader's language", async () => {
    const leader = await signedIn();
    const call = await callRoute(
      plain(partybuilder.action),
      post("/partybuilder?lng=zh", leader.cookie, { contestId: "none", name: "", motto: "x".repeat(200), zipcode: "!!", cap: "99", joinPolicy: "secret" }),
    );
    expect(statusOf(call)).toBe(400);
    const answer = outcome(call).data as unknown as FormAnswer;
    expect(answer.values.motto).toBe("x".repeat(200));
    expect(Object.keys(answer.errors).sort()).toEqual(["cap", "joinPolicy", "motto", "name", "zipcode"]);
    expect(answer.errors.name).toBe("请给你的派对起个名字。");
  });

  it("refuses a contest where the member is no ringleader (403), naming the field", async () => {
    const [contest] = await db().insert(contests).values({ name: "Closed Cup" }).returning();
    const member = await signedIn();
    const call = await callRoute(
      plain(partybuilder.action),
      post("/partybuilder", member.cookie, { contestId: String(contest!.id), name: "Sneaky", cap: "8", joinPolicy: "open" }),
    );
    expect(statusOf(call)).toBe(403);
  });

  it("lists only the contests where the member is a ringleader", async () => {
    const [contest] = await db().insert(contests).values({ name: "Lantern Cup" }).returning();
    const leader = await signedIn();
    await db().insert(memberRoles).values({ memberId: leader.member.id, contestId: contest!.id, role: "ringleader" });
    const call = await callRoute(plain(partybuilder.loader), get("/partybuilder", leader.cookie));
    expect((call.result as { contests: Array<{ name: string; party: string | null }> }).contests).toEqual([{ id: contest!.id, name: "Lantern Cup", party: null }]);
  });
});

describe("an invitation link", () => {
  it("opened by a visitor goes to sign-in with the token kept", async () => {
    const leader = await ringleaderWithParty();
    const token = await linkFrom(leader);
    const call = await callRoute(plain(acceptInvite.loader), get(acceptPath(leader.partyId, token)), { params: { partyId: String(leader.partyId) } });
    const location = (call.thrown as Response).headers.get("Location")!;
    expect(location).toBe(`/signin?acceptinginvitation=true&partyId=${leader.partyId}&invite=${token}`);
  });

  it("opened (GET) by anyone, however often, is not spent; only Accept (POST) spends it", async () => {
    const leader = await ringleaderWithParty();
    const token = await linkFrom(leader);
    const invitee = await signedIn({ firstName: "Newcomer" });
    const params = { partyId: String(leader.partyId) };
    for (let i = 0; i < 3; i++) {
      const call = await callRoute(plain(acceptInvite.loader), get(acceptPath(leader.partyId, token), invitee.cookie), { params });
      expect(outcome(call).status).toBe(200);
      expect((outcome(call).data as { invitation: { state: string; inviter: { name: string } } }).invitation).toMatchObject({
        state: "ready",
        inviter: { name: expect.stringMatching(/^Katherine Johnson/) },
      });
    }
    const [still] = await db().select().from(invites).where(eq(invites.partyId, leader.partyId));
    expect(still!.status).toBe("pending");

    const accepted = await callRoute(plain(acceptInvite.action), post(acceptPath(leader.partyId, token), invitee.cookie, { intent: "accept" }), { params });
    expect(outcome(accepted)).toMatchObject({ status: 303, location: `/party/${leader.partyId}` });
    expect(await toastOf(accepted.response)).toMatchObject({ message: "Welcome to the party!" });
    const [spent] = await db().select().from(invites).where(eq(invites.partyId, leader.partyId));
    expect(spent).toMatchObject({ status: "accepted", acceptedBy: invitee.member.id });

    // The page now says so, and a second Accept is a 409, not a second join.
    const again = await callRoute(plain(acceptInvite.loader), get(acceptPath(leader.partyId, token), invitee.cookie), { params });
    expect((outcome(again).data as { invitation: { state: string } }).invitation.state).toBe("member");
    const other = await signedIn();
    const late = await callRoute(plain(acceptInvite.action), post(acceptPath(leader.partyId, token), other.cookie, { intent: "accept" }), { params });
    expect(statusOf(late)).toBe(409);
    expect((outcome(late).data as unknown as FormAnswer).errors.form).toBe("This invitation has already been used.");
  });

  it("revoked, expired, replaced or unknown: each says which, with its status", async () => {
    const leader = await ringleaderWithParty();
    const params = { partyId: String(leader.partyId) };
    const viewer = await signedIn();
    const stateOf = async (token: string) => {
      const call = await callRoute(plain(acceptInvite.loader), get(acceptPath(leader.partyId, token), viewer.cookie), { params });
      return [outcome(call).status, (outcome(call).data as { invitation: { state: string } }).invitation.state];
    };

    const revoked = await linkFrom(leader);
    const [row] = await db().select().from(invites).where(eq(invites.status, "pending")).orderBy(invites.id);
    const revokedId = (await db().select().from(invites).where(eq(invites.partyId, leader.partyId))).at(-1)!.id;
    expect(row).toBeDefined();
    await callRoute(plain(partymanager.action), post("/partymanager", leader.cookie, { intent: "revoke", inviteId: String(revokedId) }));
    expect(await stateOf(revoked)).toEqual([410, "revoked"]);

    const expiring = await linkFrom(leader);
    await db().update(invites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invites.status, "pending"));
    expect(await stateOf(expiring)).toEqual([410, "expired"]);

    const resent = await linkFrom(leader);
    const resentId = (await db().select().from(invites).where(eq(invites.partyId, leader.partyId))).at(-1)!.id;
    const resend = await callRoute(plain(partymanager.action), post("/partymanager", leader.cookie, { intent: "resend", inviteId: String(resentId) }));
    expect(outcome(resend).location).toMatch(/^\/qrcode\?invite=/);
    expect(await stateOf(resent)).toEqual([410, "replaced"]);

    expect(await stateOf("A".repeat(43))).toEqual([404, "unknown-invite"]);
    const nowhere = await callRoute(plain(acceptInvite.loader), get("/accept-invite/999999?invite=x", viewer.cookie), { params: { partyId: "999999" } });
    expect(statusOf(nowhere)).toBe(404);
  });

  it("shows names, never raw ids or query keys", async () => {
    const leader = await ringleaderWithParty();
    const token = await linkFrom(leader);
    const viewer = await signedIn();
    const call = await callRoute(plain(acceptInvite.loader), get(`${acceptPath(leader.partyId, token)}&utm_source=mail`, viewer.cookie), {
      params: { partyId: String(leader.partyId) },
    });
    const body = JSON.stringify(outcome(call).data);
    expect(body).not.toContain("utm_source");
    expect(body).toContain("Katherine");
  });

  it("read through React Router's data address, Accept still posts to the page's own", async () => {
    const leader = await ringleaderWithParty();
    const token = await linkFrom(leader);
    const viewer = await signedIn();
    const call = await callRoute(plain(acceptInvite.loader), get(`/accept-invite/${leader.partyId}.data?invite=${token}&_routes=routes%2Faccept-invite`, viewer.cookie), {
      params: { partyId: String(leader.partyId) },
    });
    expect((outcome(call).data as { formAction: string }).formAction).toBe(acceptPath(leader.partyId, token));
  });

  it("a JSON caller gets the envelope and the catalogue's type", async () => {
    const leader = await ringleaderWithParty({ cap: "2" });
    const token = await linkFrom(leader);
    const other = await ringleaderWithParty();
    const request = new Request(new URL(acceptPath(leader.partyId, "B".repeat(43)), BASE_URL), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", Cookie: other.cookie },
      body: JSON.stringify({ intent: "accept" }),
    });
    const call = await callRoute(plain(acceptInvite.action), request, { params: { partyId: String(leader.partyId) } });
    expect(outcome(call)).toMatchObject({ status: 404, data: { success: false, type: "NOT_FOUND" } });
    expect(token).toHaveLength(43);
  });
});

describe("the Ringleader Dashboard", () => {
  it("an email invitation is queued, and the post answers at once whatever the mail server does", async () => {
    const leader = await ringleaderWithParty();
    const call = await callRoute(
      plain(partymanager.action),
      post("/partymanager", leader.cookie, { intent: "invite-email", partyId: String(leader.partyId), email: "Hedy@Example.com ", language: "en", role: "member" }),
    );
    expect(outcome(call)).toMatchObject({ status: 303, location: `/partymanager?party=${leader.partyId}` });
    expect(await toastOf(call.response)).toMatchObject({ message: "Invitation to Hedy@Example.com is on its way." });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "Hedy@Example.com"));
    expect(mail).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("a bad address is a 400 on the email field, with what was typed", async () => {
    const leader = await ringleaderWithParty();
    const call = await callRoute(
      plain(partymanager.action),
      post("/partymanager", leader.cookie, { intent: "invite-email", partyId: String(leader.partyId), email: "not-an-address", language: "en", role: "member" }),
    );
    expect(statusOf(call)).toBe(400);
    const answer = outcome(call).data as unknown as FormAnswer;
    expect(answer).toMatchObject({ values: { email: "not-an-address", intent: "invite-email" }, errors: { email: "That doesn't look like an email address." } });
  });

  it("a member who leads nothing may not manage someone's party (403)", async () => {
    const leader = await ringleaderWithParty();
    const stranger = await signedIn();
    const call = await callRoute(plain(partymanager.action), post("/partymanager", stranger.cookie, { intent: "rotate-code", partyId: String(leader.partyId) }));
    expect(statusOf(call)).toBe(403);
  });

  it("a hand-over goes to the party's page, the new ringleader leading it", async () => {
    const leader = await ringleaderWithParty();
    const token = await linkFrom(leader);
    const heir = await signedIn({ firstName: "Heir" });
    await callRoute(plain(acceptInvite.action), post(acceptPath(leader.partyId, token), heir.cookie, { intent: "accept" }), { params: { partyId: String(leader.partyId) } });
    const call = await callRoute(
      plain(partymanager.action),
      post("/partymanager", leader.cookie, { intent: "hand-over", partyId: String(leader.partyId), memberId: String(heir.member.id) }),
    );
    expect(outcome(call)).toMatchObject({ status: 303, location: `/party/${leader.partyId}` });
    const roster = await db().select().from(partyMembers).where(eq(partyMembers.partyId, leader.partyId));
    expect(Object.fromEntries(roster.map((r) => [r.memberId, r.role]))).toEqual({ [leader.member.id]: "member", [heir.member.id]: "ringleader" });
  });
});

describe("QR Invite: a typed code", () => {
  it("leads to the party's Accept Invite screen, in any case and with dashes", async () => {
    const leader = await ringleaderWithParty();
    const [row] = await db().select().from(parties).where(eq(parties.id, leader.partyId));
    const member = await signedIn();
    const typed = `${row!.joinCode.slice(0, 3).toLowerCase()}-${row!.joinCode.slice(3)}`;
    const call = await callRoute(plain(invite.action), post("/invite", member.cookie, { code: typed }));
    expect(outcome(call)).toMatchObject({ status: 303, location: `/accept-invite/${leader.partyId}?code=${row!.joinCode}` });
  });

  it("a code no party has is a 404 on the field; one that cannot be a code is a 400", async () => {
    const member = await signedIn();
    const none = await callRoute(plain(invite.action), post("/QRvalidate", member.cookie, { code: "ZZZ-ZZZ" }));
    expect(statusOf(none)).toBe(404);
    expect((outcome(none).data as unknown as FormAnswer).errors.code).toMatch(/No party has this code/);
    const bad = await callRoute(plain(invite.action), post("/invite", member.cookie, { code: "O0O-1I1" }));
    expect(statusOf(bad)).toBe(400);
    expect((outcome(bad).data as unknown as FormAnswer).values.code).toBe("O0O-1I1");
  });

  it("joins through the Accept post, and a rotated code says it no longer works", async () => {
    const leader = await ringleaderWithParty();
    const [row] = await db().select().from(parties).where(eq(parties.id, leader.partyId));
    const params = { partyId: String(leader.partyId) };
    const first = await signedIn();
    const joined = await callRoute(plain(acceptInvite.action), post(`/accept-invite/${leader.partyId}?code=${row!.joinCode}`, first.cookie, { intent: "accept" }), { params });
    expect(outcome(joined)).toMatchObject({ status: 303, location: `/party/${leader.partyId}` });
    await callRoute(plain(partymanager.action), post("/partymanager", leader.cookie, { intent: "rotate-code", partyId: String(leader.partyId) }));
    const second = await signedIn();
    const stale = await callRoute(plain(acceptInvite.loader), get(`/accept-invite/${leader.partyId}?code=${row!.joinCode}`, second.cookie), { params });
    expect([statusOf(stale), (outcome(stale).data as { invitation: { state: string } }).invitation.state]).toEqual([410, "stale-code"]);
  });
});

describe("/party/{id}", () => {
  it("an unknown party is the not-found page", async () => {
    const call = await callRoute(plain(party.loader), get("/party/987654"), { params: { id: "987654" } });
    expect(statusOf(call)).toBe(404);
  });

  it("a private party shows a non-member its name alone", async () => {
    const leader = await ringleaderWithParty({ name: "Secret Garden", motto: "Hush" });
    const stranger = await signedIn();
    const call = await callRoute(plain(party.loader), get(`/party/${leader.partyId}`, stranger.cookie), { params: { id: String(leader.partyId) } });
    const body = call.result as Record<string, unknown>;
    expect(body.private).toBe(true);
    expect(JSON.stringify(body)).not.toContain("Hush");
    expect(body).not.toHaveProperty("members");
  });

  it("names a member without a chosen name in the reader's language: Chinese for a zh reader (0512)", async () => {
    const leader = await ringleaderWithParty({ joinPolicy: "open" });
    const nameless = await signedIn();
    await db().insert(partyMembers).values({ partyId: leader.partyId, memberId: nameless.member.id, contestId: null, role: "member" });
    for (const lng of ["zh", "en"] as const) {
      const call = await callRoute(plain(party.loader), get(`/party/${leader.partyId}?lng=${lng}`, leader.cookie), { params: { id: String(leader.partyId) } });
      const body = call.result as { members: { id: number; name: string }[] };
      expect(body.members.find((m) => m.id === nameless.member.id)?.name).toBe(generatedName(nameless.member.id, lng));
    }
  });
});

describe("/qrcode", () => {
  it("shows a party's code only to its ringleaders", async () => {
    const leader = await ringleaderWithParty();
    const mine = await callRoute(plain(qrcode.loader), get(`/qrcode?party=${leader.partyId}`, leader.cookie));
    expect(mine.result).toMatchObject({ kind: "party", code: expect.stringMatching(/^[A-Z2-9]{3}-[A-Z2-9]{3}$/) });
    const stranger = await signedIn();
    const theirs = await callRoute(plain(qrcode.loader), get(`/qrcode?party=${leader.partyId}`, stranger.cookie));
    expect(statusOf(theirs)).toBe(403);
    const own = await callRoute(plain(qrcode.loader), get("/qrcode", stranger.cookie));
    expect(own.result).toMatchObject({ kind: "member", link: expect.stringContaining("/signin?invitedby=") });
  });
});

describe("/user-role-display", () => {
  it("groups the member's roles by contest, named", async () => {
    const [spring] = await db().insert(contests).values({ name: "Spring Hunt" }).returning();
    const member = await signedIn();
    await db().insert(memberRoles).values([
      { memberId: member.member.id, contestId: spring!.id, role: "judge" },
      { memberId: member.member.id, contestId: spring!.id, role: "gamemaster" },
    ]);
    const call = await callRoute(plain(roles.loader), get("/user-role-display/enhanced", member.cookie));
    expect((call.result as { byContest: unknown[] }).byContest).toEqual([{ contestId: spring!.id, contest: "Spring Hunt", roles: ["gamemaster", "judge"] }]);
    expect(call.result).toMatchObject({ enhanced: true });
    const viaData = await callRoute(plain(roles.loader), get("/user-role-display/enhanced.data", member.cookie));
    expect(viaData.result).toMatchObject({ enhanced: true });
    const plainView = await callRoute(plain(roles.loader), get("/user-role-display", member.cookie));
    expect(plainView.result).toMatchObject({ enhanced: false });
  });
});

describe("/dev/mailbox", () => {
  it("answers only a request with the start's key, and only while the console sender is active", async () => {
    const mailboxSender = new ConsoleEmailSender();
    setEmailSender(mailboxSender);
    await mailboxSender.send({ to: "a@example.com", subject: "Hi", text: "t", html: "<p>t</p>" });
    const withKey = await callRoute(plain(mailbox.loader), get(`/dev/mailbox.json?key=${consoleKey()}`));
    expect((await (withKey.result as Response).json())[0]).toMatchObject({ to: "a@example.com" });
    // Whatever else the request says (a proxy's forwarding headers, or none at all).
    expect(statusOf(await callRoute(plain(mailbox.loader), get("/dev/mailbox.json")))).toBe(404);
    expect(statusOf(await callRoute(plain(mailbox.loader), get(`/dev/mailbox.json?key=${consoleKey()}x`)))).toBe(404);
    const forwarded = await callRoute(plain(mailbox.loader), new Request(`${BASE_URL}/dev/mailbox.json?key=${consoleKey()}`, { headers: { "X-Forwarded-For": "203.0.113.9" } }));
    expect((await (forwarded.result as Response).json())[0]).toMatchObject({ to: "a@example.com" });
    setEmailSender(undefined);
  });
});
