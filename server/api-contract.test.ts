/**
 * The JSON API's contract: every call of section 7, made over real HTTP to the built server
 * (`node server.js` on the production build, the demo world seeded), with each field the spec
 * names; every answer checked against the call's own result schema (the one the OpenAPI
 * document is generated from); and the refusals: a wrong code, an expired session, a missing
 * CSRF header, a /getparties/ combination that is not allowed, a cross-origin call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCalls, type ApiCallId } from "~/features/api/calls.server";
import { ensureBuild, request, startBuiltServer, type ServerProcess } from "../tests/support/server-process";

const HOOKS_TOKEN = "api-contract-hooks-token-0123456789abcdef";
/** The console pages' key this start prints (decision 1100): the test reads sign-in codes there. */
const CONSOLE_KEY = "api-contract-console-key-0123456789";
const PARTNER = "https://partner.example";

let server: ServerProcess;

beforeAll(async () => {
  ensureBuild();
  server = await startBuiltServer({ SEED_DEMO: "1", GLOW_E2E_HOOKS_TOKEN: HOOKS_TOKEN, API_ALLOWED_ORIGINS: PARTNER, GLOW_CONSOLE_KEY: CONSOLE_KEY });
}, 300_000);
afterAll(() => server?.stop());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { success: boolean; result?: unknown; type?: string; message?: string; errors?: Record<string, string> };
}

/** One call: JSON in (a POST's body, or a GET's query), the envelope out. */
async function call(
  method: "GET" | "POST",
  path: string,
  options: { body?: Record<string, unknown>; query?: Record<string, string | number>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : "";
  const reply = await request(server.port, {
    method,
    path: `${path}${query}`,
    headers: {
      Accept: "application/json",
      ...(options.body ? { "Content-Type": "application/json" } : {}),
      ...options.headers,
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  let body: Answer["body"];
  try {
    body = JSON.parse(reply.body) as Answer["body"];
  } catch {
    throw new Error(`${method} ${path}: not JSON (${reply.status}): ${reply.body.slice(0, 300)}`);
  }
  return { status: reply.status, headers: reply.headers, body };
}

/** A done answer whose result has exactly the shape the call's schema promises. */
function expectResult<T = Record<string, unknown>>(answer: Answer, id: ApiCallId): T {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });
  expect(answer.status).toBe(200);
  expect(answer.headers["cache-control"]).toBe("no-store");
  const parsed = apiCalls[id].result.safeParse(answer.body.result);
  expect(parsed.success, `${id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  return answer.body.result as T;
}

function expectRefusal(answer: Answer, status: number, type: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ success: false, type, message: expect.any(String) });
}

/** The code of the newest text to a number, from the console outbox. */
async function codeFor(e164: string) {
  const reply = await request(server.port, { path: `/dev/outbox.json?key=${CONSOLE_KEY}` });
  const texts = JSON.parse(reply.body) as { to: string; body: string }[];
  return /#(\d{6})$/.exec(texts.find((t) => t.to === e164)!.body)![1]!;
}

let phoneCounter = 0;
/** A member signed in through the API's own phone flow: getphonecode, then verifyphonecode. */
async function signInByPhone(): Promise<{ memberID: number; sessionid: string; phone: string }> {
  phoneCounter += 1;
  const digits = `555${String(8_100_000 + phoneCounter + (process.pid % 1000) * 100)}`;
  const sent = expectResult<{ id: string; phone: string }>(
    await call("POST", "/api/getphonecode/", { body: { phone: digits, sessionid: "" }, headers: { "X-Forwarded-For": `192.0.2.${phoneCounter}` } }),
    "getphonecode",
  );
  const code = await codeFor(`+1${digits}`);
  const verified = expectResult<{ memberID: number; sessionid: string; isNew: boolean }>(
    await call("POST", "/api/verifyphonecode/", { body: { id: sent.id, code, phone: digits, creatureID: 0, sessionid: "" } }),
    "verifyphonecode",
  );
  return { ...verified, phone: digits };
}

/** A browser's member session cookie (written through the test hook, as the browser tests do). */
async function memberCookie(): Promise<{ cookie: string; memberId: number }> {
  phoneCounter += 1;
  const reply = await request(server.port, {
    method: "POST",
    path: "/__e2e/session",
    headers: { "Content-Type": "application/json", "x-e2e-token": HOOKS_TOKEN },
    body: JSON.stringify({ phone: `+1555820${String(phoneCounter).padStart(4, "0")}`, firstName: "Cookie", withAvatar: true }),
  });
  const cookies = ([] as string[]).concat(reply.headers["set-cookie"] ?? []);
  const session = cookies.find((c) => c.startsWith("sessionID="))!.split(";")[0]!;
  return { cookie: session, memberId: (JSON.parse(reply.body) as { memberId: number }).memberId };
}

describe("older flow (staff)", () => {
  it("npm start names the demo world's admin and agent with the passwords they sign in with", () => {
    const welcome = server.lines.find((line) => line.includes("Staff: open"));
    expect(welcome).toMatch(/\/login as the demo world's admin admin \(password glow-admin-demo\) or agent agent \(password glow-agent-demo\)\./);
  });

  it("login, getagentresources, getuser and logout with the Bearer session id", async () => {
    const login = expectResult<{ sessionid: string; is_admin: number; agentid: number | null }>(
      await call("POST", "/api/login", { body: { username: "agent", password: "glow-agent-demo" } }),
      "login",
    );
    expect(login.is_admin).toBe(0);
    expect(login.agentid).toEqual(expect.any(Number));
    const bearer = { Authorization: `Bearer ${login.sessionid}` };

    const rows = expectResult<{ rows: { name: string; url: string }[] }>(
      await call("POST", "/api/getagentresources", { body: { agentid: login.agentid }, headers: bearer }),
      "getagentresources",
    ).rows;
    expect(rows).toEqual([expect.objectContaining({ name: "Text outbox", url: "/dev/outbox" })]);
    // An agent reads their own resources only; an unknown agent id is the same refusal for them.
    expectRefusal(await call("POST", "/api/getagentresources", { body: { agentid: login.agentid! + 1000 }, headers: bearer }), 403, "FORBIDDEN");

    expect(expectResult(await call("GET", "/api/getuser", { headers: bearer }), "getuser")).toMatchObject({ username: "agent", is_admin: 0, agentid: login.agentid });
    expectResult(await call("GET", "/api/logout", { headers: bearer }), "logout");
    expectRefusal(await call("GET", "/api/getuser", { headers: bearer }), 401, "EXPIRED_SESSION");
    expectRefusal(await call("GET", "/api/getuser"), 401, "UNAUTHORIZED");
  });

  it("an admin's login says is_admin 1 and may read any agent's resources", async () => {
    const admin = expectResult<{ sessionid: string; is_admin: number; agentid: number | null }>(
      await call("POST", "/api/login", { body: { username: "admin", password: "glow-admin-demo" } }),
      "login",
    );
    expect(admin).toMatchObject({ is_admin: 1, agentid: null });
    const agent = expectResult<{ agentid: number }>(await call("POST", "/api/login", { body: { username: "agent", password: "glow-agent-demo" } }), "login");
    const rows = await call("POST", "/api/getagentresources", { body: { agentid: agent.agentid }, headers: { Authorization: `Bearer ${admin.sessionid}` } });
    expectResult(rows, "getagentresources");
    expectRefusal(await call("POST", "/api/getagentresources", { body: { agentid: 999_999 }, headers: { Authorization: `Bearer ${admin.sessionid}` } }), 404, "NOT_FOUND");
  });

  it("refuses a wrong password and an unknown username alike, and a missing field with its name", async () => {
    const wrong = await call("POST", "/api/login", { body: { username: "agent", password: "not it at all" }, headers: { "X-Forwarded-For": "198.51.100.77" } });
    const unknown = await call("POST", "/api/login", { body: { username: "nobody-here", password: "not it at all" }, headers: { "X-Forwarded-For": "198.51.100.77" } });
    expectRefusal(wrong, 401, "UNAUTHORIZED");
    expect(unknown.body).toEqual(wrong.body);
    const missing = await call("POST", "/api/login", { body: { username: "agent" } });
    expectRefusal(missing, 400, "BAD_REQUEST");
    expect(missing.body.errors).toHaveProperty("password");
  });

  it("slows a guessed username down with 429 and Retry-After", async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 6; i++) {
      last = await call("POST", "/api/login", { body: { username: "admin", password: `guess number ${i}` }, headers: { "X-Forwarded-For": `203.0.113.${i + 1}` } });
    }
    expectRefusal(last!, 429, "TOO_MANY_REQUESTS");
    expect(Number(last!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  });

  it("translations answer under /api too", async () => {
    const reply = await request(server.port, { path: "/api/locales/zh/staff.json" });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ login: { heading: "工作人员登录" } });
    // Missing keys are recorded while developing only: the production build answers 404.
    const add = await request(server.port, { method: "POST", path: "/api/locales/add/en/staff", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(add.status).toBe(404);
  });
});

describe("member calls", () => {
  it("getphonecode and verifyphonecode sign in; a wrong code is refused with the tries left", async () => {
    phoneCounter += 1;
    const digits = `555${String(8_200_000 + phoneCounter)}`;
    const sent = expectResult<{ id: string }>(await call("POST", "/api/getphonecode/", { body: { phone: digits } }), "getphonecode");
    const wrong = await call("POST", "/api/verifyphonecode/", { body: { id: sent.id, code: "000000", phone: digits, creatureID: 0 } });
    const right = await codeFor(`+1${digits}`);
    if (right === "000000") return; // one in a million: the "wrong" code was right
    expectRefusal(wrong, 400, "BAD_REQUEST");
    expect(wrong.body.errors?.code).toMatch(/4 tries left/);
    const signedIn = expectResult<{ memberID: number; isNew: boolean }>(
      await call("POST", "/api/verifyphonecode/", { body: { id: sent.id, code: right, phone: digits, creatureID: 0 } }),
      "verifyphonecode",
    );
    expect(signedIn.isNew).toBe(true);
    // Used once: the same code again is refused.
    expectRefusal(await call("POST", "/api/verifyphonecode/", { body: { id: sent.id, code: right, phone: digits } }), 400, "BAD_REQUEST");
  });

  it("refuses a number that is not a mobile number, and a second code within the minute", async () => {
    expectRefusal(await call("POST", "/api/getphonecode/", { body: { phone: "12345" } }), 400, "BAD_REQUEST");
    const digits = `555${String(8_300_000 + phoneCounter)}`;
    await call("POST", "/api/getphonecode/", { body: { phone: digits }, headers: { "X-Forwarded-For": "192.0.2.201" } });
    const again = await call("POST", "/api/getphonecode/", { body: { phone: digits }, headers: { "X-Forwarded-For": "192.0.2.202" } });
    expectRefusal(again, 429, "TOO_MANY_REQUESTS");
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("autosignin, sessionvalidation, signup, updatemember, updateavatar, getaccount and signout with the body's sessionid", async () => {
    const me = await signInByPhone();
    const sessionid = me.sessionid;
    expect(expectResult(await call("GET", "/api/autosignin/", { query: { sessionid } }), "autosignin")).toEqual({ memberID: me.memberID });
    expect(expectResult(await call("POST", "/api/sessionvalidation/", { body: { fingerprint: "fp-contract", sessionid } }), "sessionvalidation")).toEqual({ sessionid, memberID: me.memberID });

    const username = `api_${me.memberID}`;
    const details = { firstName: "Api", lastName: "Caller", username, email: "api@example.com", zipcode: "94110" };
    expect(expectResult(await call("POST", "/api/signup/", { body: { ...details, style: "dylan", seed: "Contract", sessionid } }), "signup")).toMatchObject({ memberID: me.memberID, accessLevel: 2 });
    expectRefusal(await call("POST", "/api/signup/", { body: { ...details, sessionid } }), 409, "CONFLICT");

    expectResult(await call("POST", "/api/updatemember/", { body: { ...details, firstName: "Apia", sessionid } }), "updatemember");
    const taken = await call("POST", "/api/updatemember/", { body: { ...details, username: "ada", sessionid } });
    expectRefusal(taken, 409, "CONFLICT");
    expect(taken.body.errors?.username).toBe("That username is taken. Try another.");
    const bad = await call("POST", "/api/updatemember/", { body: { ...details, email: "not an email", sessionid } });
    expectRefusal(bad, 400, "BAD_REQUEST");
    expect(bad.body.errors?.email).toBe("Enter an email address, like you@example.com.");

    const avatar = expectResult<{ version: number; AvatarURL: string }>(
      await call("POST", "/api/updateavatar/", { body: { style: "lorelei", seed: "Contract", flip: true, sessionid } }),
      "updateavatar",
    );
    expect(avatar.AvatarURL).toBe(`/avatars/${me.memberID}/${avatar.version}.svg`);
    const badLook = await call("POST", "/api/updateavatar/", { body: { style: "lorelei", rotate: 999, sessionid } });
    expectRefusal(badLook, 400, "BAD_REQUEST");
    expect(badLook.body.errors).toHaveProperty("rotate");

    const account = expectResult<{ member: Record<string, unknown>; user_roles: unknown[]; avatar: Record<string, unknown> | null }>(
      await call("POST", "/api/getaccount/", { body: { id: me.memberID, sessionid } }),
      "getaccount",
    );
    expect(account.member).toMatchObject({ MemberID: me.memberID, FirstName: "Apia", Username: username, Zipcode: "94110", CreatureID: 0 });
    expect(account.avatar).toMatchObject({ Style: "lorelei", Seed: "Contract" });
    expect(account.user_roles).toEqual([]);
    // Nobody else's account.
    expectRefusal(await call("POST", "/api/getaccount/", { body: { id: 1, sessionid } }), 403, "FORBIDDEN");

    expectResult(await call("POST", "/api/signout/", { body: { sessionid } }), "signout");
    // An expired session: every call says so, in the catalogue's words.
    const expired = await call("GET", "/api/autosignin/", { query: { sessionid } });
    expectRefusal(expired, 401, "EXPIRED_SESSION");
    expect(expired.body.message).toBe("Your session has expired, please go back and log in");
    expectRefusal(await call("POST", "/api/getaccount/", { body: { id: me.memberID, sessionid } }), 401, "EXPIRED_SESSION");
    expectRefusal(await call("GET", "/api/autosignin/"), 401, "UNAUTHORIZED");
  });

  it("the session id works as a Bearer header too", async () => {
    const me = await signInByPhone();
    expect(expectResult(await call("GET", "/api/autosignin/", { headers: { Authorization: `Bearer ${me.sessionid}` } }), "autosignin")).toEqual({ memberID: me.memberID });
  });

  it("getparties takes exactly the allowed combinations, and says which they are", async () => {
    const { sessionid } = await signInByPhone();
    const ada = 1;
    const spring = expectResult<{ contests: { ContestID: number; Name: string }[] }>(await call("GET", "/api/getcontests/", { query: { sessionid } }), "getcontests").contests.find(
      (c) => c.Name === "Spring Glow Hunt",
    )!;
    const byContest = expectResult<{ parties: { Name: string; Zipcode: string }[] }>(await call("GET", "/api/getparties/", { query: { contestid: spring.ContestID, sessionid } }), "getparties");
    expect(byContest.parties.map((p) => p.Name).sort()).toEqual(["Comet Crew", "The Lanterns"]);
    const byMember = expectResult<{ parties: { Name: string }[] }>(await call("GET", "/api/getparties/", { query: { memberid: ada, sessionid } }), "getparties");
    expect(byMember.parties.map((p) => p.Name)).toEqual(["The Lanterns"]);
    const byZip = expectResult<{ parties: { Name: string }[] }>(await call("GET", "/api/getparties/", { query: { zipcode: "60601", sessionid } }), "getparties");
    expect(byZip.parties.map((p) => p.Name)).toEqual(["Comet Crew"]);
    const all = expectResult<{ parties: { Name: string }[] }>(
      await call("GET", "/api/getparties/", { query: { memberid: ada, contestid: spring.ContestID, zipcode: "10001", sessionid } }),
      "getparties",
    );
    expect(all.parties.map((p) => p.Name)).toEqual(["The Lanterns"]);

    const notAllowed: Record<string, string | number>[] = [
      {},
      { memberid: ada, contestid: spring.ContestID },
      { contestid: spring.ContestID, zipcode: "10001" },
      { memberid: ada, zipcode: "10001" },
    ];
    for (const query of notAllowed) {
      const refused = await call("GET", "/api/getparties/", { query: { ...query, sessionid } });
      expectRefusal(refused, 400, "BAD_REQUEST");
      expect(refused.body.message).toMatch(/memberid, contestid and zipcode together, or by exactly one of them/);
    }
  });

  it("getcontests lists every contest, or one member's", async () => {
    const { sessionid } = await signInByPhone();
    const all = expectResult<{ contests: { Name: string; Status: string }[] }>(await call("GET", "/api/getcontests/", { query: { sessionid } }), "getcontests");
    expect(all.contests.map((c) => c.Name)).toEqual(expect.arrayContaining(["Spring Glow Hunt", "Summer Party League"]));
    const grace = expectResult<{ contests: { Name: string }[] }>(await call("GET", "/api/getcontests/", { query: { memberid: 2, sessionid } }), "getcontests");
    expect(grace.contests.map((c) => c.Name).sort()).toEqual(["Spring Glow Hunt", "Summer Party League"]);
    const newcomer = expectResult<{ contests: unknown[] }>(await call("GET", "/api/getcontests/", { query: { memberid: 999_999, sessionid } }), "getcontests");
    expect(newcomer.contests).toEqual([]);
  });
});

describe("creature calls", () => {
  it("obtain a starter, give it light, chat with it and without one, and read it all back", async () => {
    const { sessionid, memberID } = await signInByPhone();
    const catalogue = await call("GET", "/api/getCreature/", { query: { creatureid: 1, sessionid } });
    expect(expectResult<{ creature: { ID: number; Light: number | null } }>(catalogue, "getCreature").creature).toMatchObject({ ID: 1, Light: null });
    expectRefusal(await call("GET", "/api/getCreature/", { query: { creatureid: 99_999, sessionid } }), 404, "NOT_FOUND");

    // Section 7: without a creature, the chat posts {message} alone.
    const noCreature = expectResult<{ creaturemessage: string; new_light: number | null }>(
      await call("POST", "/api/creaturechatmessage/", { body: { message: "Hello? Is there a beamkin for me?", sessionid } }),
      "creaturechatmessage",
    );
    expect(noCreature.creaturemessage.length).toBeGreaterThan(0);
    expect(noCreature.new_light).toBeNull();

    // A starter (the catalogue marks them); a non-starter is refused as on /beamkins.
    let obtained: { creature: { ID: number; Light: number; Active: boolean } } | undefined;
    for (let id = 1; id <= 12 && !obtained; id++) {
      const answer = await call("POST", "/api/obtaincreature/", { body: { creatureid: id, sessionid } });
      if (answer.body.success) obtained = expectResult(answer, "obtaincreature");
      else expectRefusal(answer, 403, "FORBIDDEN");
    }
    const creature = obtained!.creature;
    expect(creature).toMatchObject({ Light: 20, Active: true });
    expectRefusal(await call("POST", "/api/obtaincreature/", { body: { creatureid: creature.ID, sessionid } }), 409, "CONFLICT");

    const creatures = expectResult<{ creatures: { ID: number }[] }>(await call("GET", "/api/getMemberCreatures/", { query: { sessionid } }), "getMemberCreatures");
    expect(creatures.creatures.map((c) => c.ID)).toEqual([creature.ID]);

    const light = expectResult<{ light: number }>(await call("GET", "/api/getMemberLight/", { query: { sessionid } }), "getMemberLight").light;
    const byTime = expectResult<{ days: number }>(await call("GET", "/api/getMemberLightByTime/", { query: { sessionid, time: 7 } }), "getMemberLightByTime");
    expect(byTime.days).toBe(7);
    expect(expectResult<{ days: number }>(await call("GET", "/api/getMemberLightByTime/", { query: { sessionid } }), "getMemberLightByTime").days).toBe(1);
    const tooMuch = await call("POST", "/api/giveCreatureLight/", { body: { creatureid: creature.ID, light: light + 1, sessionid } });
    if (light + 1 <= 100) expectRefusal(tooMuch, 409, "CONFLICT");
    if (light > 0) {
      const given = expectResult<{ light: number; balance: number }>(await call("POST", "/api/giveCreatureLight/", { body: { creatureid: creature.ID, light: 1, sessionid } }), "giveCreatureLight");
      expect(given).toEqual({ light: 21, balance: light - 1 });
    }
    expectRefusal(await call("POST", "/api/giveCreatureLight/", { body: { creatureid: creature.ID, light: "1e1", sessionid } }), 400, "BAD_REQUEST");
    // Out of range, the refusal names the range (issue 40), not a text's "This is too long.".
    const farTooMuch = await call("POST", "/api/giveCreatureLight/", { body: { creatureid: creature.ID, light: 500, sessionid } });
    expectRefusal(farTooMuch, 400, "BAD_REQUEST");
    expect(farTooMuch.body).toMatchObject({ errors: { light: "Give a whole number from 1 to 100." } });
    const none = await call("POST", "/api/giveCreatureLight/?lng=zh", { body: { creatureid: creature.ID, light: 0, sessionid } });
    expect(none.body).toMatchObject({ errors: { light: "请填写 1 到 100 之间的整数。" } });

    const said = expectResult<{ creaturemessage: string; new_light: number | null }>(
      await call("POST", "/api/creaturechatmessage/", { body: { creatureid: creature.ID, chatmessage: "Hello, little light!", sessionid } }),
      "creaturechatmessage",
    );
    expect(said.creaturemessage.length).toBeGreaterThan(0);
    expect(said.new_light).toBeGreaterThan(20);
    // The spec's chat without a creature: {message} alone.
    const alone = expectResult<{ creaturemessage: string }>(
      await call("POST", "/api/creaturechatmessage/", { body: { creatureid: 0, message: "Is anyone there?", sessionid } }),
      "creaturechatmessage",
    );
    expect(alone.creaturemessage.length).toBeGreaterThan(0);
    expectRefusal(await call("POST", "/api/creaturechatmessage/", { body: { creatureid: creature.ID, chatmessage: "   ", sessionid } }), 400, "BAD_REQUEST");

    const history = expectResult<{ messages: { Role: string; Content: string }[] }>(
      await call("GET", "/api/getCreatureChatHistory/", { query: { creatureid: creature.ID, sessionid } }),
      "getCreatureChatHistory",
    );
    expect(history.messages.map((m) => m.Role)).toEqual(["user", "assistant"]);
    expect(history.messages[0]!.Content).toBe("Hello, little light!");
    expectRefusal(await call("GET", "/api/getCreatureChatHistory/", { query: { creatureid: creature.ID === 1 ? 2 : 1, sessionid } }), 403, "FORBIDDEN");
    expect(memberID).toBeGreaterThan(0);
  });
});

describe("cookie callers and CSRF", () => {
  it("a changing call authenticated by the session cookie needs the CSRF header from the CSRF cookie", async () => {
    const { cookie, memberId } = await memberCookie();
    // A reading call brings the CSRF cookie.
    const read = await call("GET", "/api/getMemberLight/", { headers: { Cookie: cookie } });
    expectResult(read, "getMemberLight");
    const csrf = ([] as string[]).concat(read.headers["set-cookie"] ?? []).find((c) => c.startsWith("csrftoken="))!;
    expect(csrf).toMatch(/SameSite=Strict/);
    expect(csrf).not.toMatch(/HttpOnly/);
    const token = csrf.split(";")[0]!.split("=")[1]!;

    const body = { creatureid: 0, message: "hello from a cookie" };
    const missing = await call("POST", "/api/creaturechatmessage/", { body, headers: { Cookie: cookie } });
    expectRefusal(missing, 403, "FORBIDDEN");
    expect(missing.body.message).toMatch(/X-CSRF-Token/);
    const forged = await call("POST", "/api/creaturechatmessage/", { body, headers: { Cookie: `${cookie}; csrftoken=forged`, "X-CSRF-Token": "forged" } });
    expectRefusal(forged, 403, "FORBIDDEN");
    const done = await call("POST", "/api/creaturechatmessage/", { body, headers: { Cookie: `${cookie}; csrftoken=${token}`, "X-CSRF-Token": token } });
    expectResult(done, "creaturechatmessage");
    // A session id in the body needs no CSRF header: no browser sends it on its own.
    expect(memberId).toBeGreaterThan(0);
  });
});

describe("cross-origin calls", () => {
  it("are refused unless the origin is allow-listed", async () => {
    const evil = await request(server.port, { path: "/api/getcontests/", headers: { Origin: "https://evil.example", Accept: "application/json" } });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body)).toMatchObject({ success: false, type: "FORBIDDEN" });
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
    const evilPost = await request(server.port, {
      method: "POST",
      path: "/api/login",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ username: "agent", password: "glow-agent-demo" }),
    });
    expect(evilPost.status).toBe(403);

    const preflight = await request(server.port, {
      method: "OPTIONS",
      path: "/api/login",
      headers: { Origin: PARTNER, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,authorization" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(PARTNER);
    expect(preflight.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(preflight.headers["access-control-allow-headers"])).toMatch(/Authorization/);
    const partner = await request(server.port, {
      method: "POST",
      path: "/api/login",
      headers: { Origin: PARTNER, "Content-Type": "application/json" },
      body: JSON.stringify({ username: "agent", password: "glow-agent-demo" }),
    });
    expect(partner.status).toBe(200);
    expect(partner.headers["access-control-allow-origin"]).toBe(PARTNER);
  });
});

describe("the reference", () => {
  it("serves an OpenAPI 3.1 document with every call, and a readable page", async () => {
    const reply = await request(server.port, { path: "/api/openapi.json" });
    expect(reply.status).toBe(200);
    const document = JSON.parse(reply.body) as { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
    expect(document.openapi).toBe("3.1.0");
    for (const spec of Object.values(apiCalls)) {
      expect(document.paths[spec.path]?.[spec.method.toLowerCase()]?.operationId, spec.id).toBe(spec.id);
    }
    expect(document.paths["/api/getparties/"]!.get!.responses).toHaveProperty("400");
    const page = await request(server.port, { path: "/api/docs", headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Glow API reference");
    for (const spec of Object.values(apiCalls)) expect(page.body).toContain(`id="${spec.id}"`);
    expect(page.body).not.toMatch(/<script[^>]+src="https?:/);
  });
});
