/**
 * Issue 36's seen cases, each over real HTTP to the built server (`node server.js`, the demo
 * world seeded), as the attacker, the careless client or the member without JavaScript sent
 * them: what each gets now, where main answered 500, a second envelope, the HTML not-found
 * page, a sign-out button or a 303.
 */
import { describe, expect, it } from "vitest";
import { BROWSER, demoServer, type Reply } from "../support/demo-server";

const ADA = "+15550100001";
const GRACE = "+15550100002";

const demo = demoServer("every-caller");
const { send, memberCookie } = demo;

/** A form body, urlencoded. */
const form = (fields: Record<string, string>) => ({ "Content-Type": "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() });

/** The server's log since `from`, and whether any of it is a stack trace. */
const stackSince = (from: number) => demo.server.lines.slice(from).filter((line) => /^\s+at\s/.test(line));

function expectEnvelope(reply: Reply, status: number, type: string) {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expect(String(reply.headers["content-type"])).toContain("application/json");
  const body = reply.json();
  expect(body).toMatchObject({ success: false, type, message: expect.any(String) });
  expect(Object.keys(body).every((key) => ["success", "type", "message", "errors"].includes(key))).toBe(true);
  return body as { message: string; errors?: Record<string, string> };
}

describe("a script's post to a page (issue 36, seen 1 and 2)", () => {
  it("/login: a wrong password from curl is the envelope's 401, not a page drawn around it", async () => {
    const from = demo.server.lines.length;
    const { body, ...headers } = form({ username: "x", password: "wrong" });
    const reply = await send("POST", "/login", { headers: { ...headers, Accept: "*/*" }, body });
    expect(expectEnvelope(reply, 401, "UNAUTHORIZED").message).toBe("Wrong username or password.");
    expect(stackSince(from)).toEqual([]);
  });

  it("/login: the spec's older flow, JSON {username, password}, reads result.sessionid, is_admin and agentid", async () => {
    const reply = await send("POST", "/login", {
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "glow-admin-demo" }),
    });
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    const { result } = reply.json() as { result: { sessionid: string; is_admin: number; agentid: number | null } };
    expect(result.sessionid).toMatch(/^[\w-]{20,}$/);
    expect(result.is_admin).toBe(1);
    expect(result.agentid).toBeNull();
    // The session id works as the older flow's Bearer header.
    const user = await send("GET", "/api/getuser", { headers: { Authorization: `Bearer ${result.sessionid}` } });
    expect(user.json()).toMatchObject({ success: true, result: { username: "admin" } });
  });

  it("/invite: a join code in a field the action does not expect is a 400 on the code field", async () => {
    const { body, ...headers } = form({ joincode: "WRONG1" });
    const body400 = expectEnvelope(await send("POST", "/invite", { headers: { ...headers, Accept: "*/*" }, body }), 400, "BAD_REQUEST");
    expect(body400.errors).toHaveProperty("code");
    // A browser posting the same gets the page again, with the message on the field.
    const page = await send("POST", "/invite", { headers: { ...headers, Accept: BROWSER }, body });
    expect(page.status).toBe(400);
    expect(page.text).toContain('id="join-code-error"');
  });

  it("every page the attack found answers a script's post with the envelope or a redirect, never a 5xx", async () => {
    const ada = await memberCookie(ADA);
    const grace = await memberCookie(GRACE);
    const pages: [string, string][] = [
      ["/invite", ada],
      ["/QRvalidate", ada],
      ["/treasure", ada],
      ["/treasure/1", ada],
      ["/compete", ada],
      ["/gamemaster", grace],
      ["/judging", grace],
      ["/partymanager", ada],
      ["/judge-onboarding/1/2", ada],
      ["/takeaguess/1", ada],
      ["/playquest", ada],
    ];
    const from = demo.server.lines.length;
    for (const [path, cookie] of pages) {
      for (const accept of ["*/*", "application/json", null]) {
        const { body, ...headers } = form({ intent: "nothing-it-knows", code: "" });
        const reply = await send("POST", path, { headers: { ...headers, Cookie: cookie, ...(accept ? { Accept: accept } : {}) }, body });
        expect(reply.status, `${path} ${accept}`).toBeLessThan(500);
        if (reply.status >= 400) expectEnvelope(reply, reply.status, String(reply.json().type));
        else expect([302, 303], `${path} ${accept}: ${reply.text.slice(0, 200)}`).toContain(reply.status);
      }
    }
    expect(stackSince(from)).toEqual([]);
  });

  it("/compete: an entry photo over 2 MB posted without JavaScript is refused on its field, the text kept", async () => {
    const ada = await memberCookie(ADA);
    const boundary = "----everycaller";
    const photo = Buffer.alloc(2_500_000, 7);
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(part("intent", "entry") + part("roundId", "2") + part("text", "Lanterns on Pine Street")),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: ada };
    // curl -F: no Accept it would call a page's.
    const script = await send("POST", "/compete?round=2", { headers, body });
    expect(expectEnvelope(script, 400, "BAD_REQUEST").errors?.photo).toMatch(/2 MB/);
    // A browser without JavaScript: the page again, the message on the photo, the text kept.
    const page = await send("POST", "/compete?round=2", { headers: { ...headers, Accept: BROWSER }, body });
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/2 MB/);
    expect(page.text).toContain("Lanterns on Pine Street");
  });
});

describe("no write before an answer that cannot be given (issue 36, point 2)", () => {
  it("opening the prize box for a JSON caller answers what was opened, and the box is opened once", async () => {
    // The honest promise: a command commits before the responder answers, and every caller
    // gets an answer (main drew the page around the envelope after the commit: the box was
    // opened and its roll stored behind a 500). So a request that wrote is answered with
    // what it wrote, and asked again it writes nothing more.
    const ada = await memberCookie(ADA);
    const play = await send("GET", "/playquest", { headers: { Cookie: ada, Accept: BROWSER } });
    const boxId = /name="boxId" value="(\d+)"/.exec(play.text)?.[1];
    expect(boxId, "Ada's unopened box from the demo world").toBeDefined();
    const open = () =>
      send("POST", "/playquest", {
        headers: { Cookie: ada, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ intent: "open-box", boxId: Number(boxId) }),
      });
    const first = await open();
    expect(first.status, first.text.slice(0, 300)).toBe(200);
    expect(first.json()).toMatchObject({ success: true, result: { id: Number(boxId), already: false } });
    const opened = await send("GET", `/playquest?opened=${boxId}`, { headers: { Cookie: ada, Accept: BROWSER } });
    expect(opened.text).toContain('id="opened-heading"');
    // The same post again: the same box, already open, nothing drawn twice.
    expect((await open()).json()).toMatchObject({ success: true, result: { id: Number(boxId), already: true } });
  });
});

describe("one envelope (issue 36, point 3)", () => {
  it("a broken multipart body and a broken JSON body get the same envelope, to a page and to the API", async () => {
    const ada = await memberCookie(ADA);
    const broken = [
      { "Content-Type": "multipart/form-data; boundary=nothing-like-it", body: "--other\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb" },
      { "Content-Type": "application/json", body: '{"intent":' },
    ];
    for (const path of ["/profile", "/api/updatemember/", "/compliment"]) {
      for (const { body, ...headers } of broken) {
        const reply = await send("POST", path, { headers: { ...headers, Cookie: ada, Accept: "application/json" }, body });
        expect(expectEnvelope(reply, 400, "BAD_REQUEST").message).toBe("Something is wrong with your request, please try again");
      }
    }
  });

  it("an address under /api that is no call answers the JSON 404, in any case", async () => {
    for (const path of ["/api/nope", "/API/nope", "/Api/Get/Nothing", "/api"]) {
      const reply = await send("GET", path, { headers: { Accept: BROWSER } });
      expect(expectEnvelope(reply, 404, "NOT_FOUND").message).toBe("The resource you are looking for does not exist.");
    }
    expectEnvelope(await send("POST", "/API/nope", { headers: { "Content-Type": "application/json" }, body: "{}" }), 404, "NOT_FOUND");
  });
});

describe("bad addresses (issue 36, point 4)", () => {
  it("are 400 (or, when merely long, the Not-found page), with no stack in the log", async () => {
    const from = demo.server.lines.length;
    for (const path of ["/%0a", "/newsfeed%0a", "/api/getuser%0a", "/%0D", "/%E0%A4%A", "/newsfeed/%E2%80%A8"]) {
      expect((await send("GET", path)).status, path).toBe(400);
    }
    expect((await send("GET", `/${"a".repeat(6000)}`)).status).toBe(404);
    expect(stackSince(from)).toEqual([]);
  });
});

describe("a 403 never signs anyone out (issue 36, point 5)", () => {
  it("a member on the game master's pages is told what they may not do, with the way back and home", async () => {
    const ada = await memberCookie(ADA);
    for (const path of ["/gamemaster/treasures", "/gamemaster/quests", "/gamemaster/treasures/sheet"]) {
      const reply = await send("GET", path, { headers: { Cookie: ada, Accept: BROWSER, Referer: `http://127.0.0.1:${demo.server.port}/newsfeed` } });
      expect(reply.status, path).toBe(403);
      expect(reply.text).toContain("You can’t do this here");
      expect(reply.text).not.toContain("Your session has expired");
      expect(reply.text).not.toContain('action="/session/end"');
      expect(reply.text).toMatch(/<a href="\/newsfeed"[^>]*>Go back<\/a>/);
      expect(reply.text).toMatch(/<a href="\/home"[^>]*>Go to your home page<\/a>/);
      // Still signed in afterwards.
      const profile = await send("GET", "/profile", { headers: { Cookie: ada, Accept: BROWSER } });
      expect(profile.status).toBe(200);
    }
    const zh = await send("GET", "/gamemaster/quests?lng=zh", { headers: { Cookie: ada, Accept: BROWSER } });
    expect(zh.status).toBe(403);
    expect(zh.text).toContain("你无法在这里进行此操作");
  });

  it("a script on those pages is told the same, in the envelope: not the catalogue's \"Your session has expired\"", async () => {
    const ada = await memberCookie(ADA);
    const asked: [string, Record<string, string>, string | undefined][] = [
      ["GET", { Accept: "application/json" }, undefined],
      ["POST", { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" }, "intent=create"],
      ["POST", { Accept: "*/*", "Content-Type": "application/x-www-form-urlencoded" }, "intent=create"],
    ];
    for (const [method, headers, body] of asked) {
      const reply = await send(method, "/gamemaster/treasures", { headers: { ...headers, Cookie: ada }, body });
      const { message } = expectEnvelope(reply, 403, "FORBIDDEN");
      expect(message, `${method} ${headers.Accept}`).toBe(
        "You can’t do this here: it belongs to another role (a contest’s game master, an admin). You are still signed in, and nothing was changed.",
      );
    }
    expect((await send("GET", "/profile", { headers: { Cookie: ada, Accept: BROWSER } })).status).toBe(200);
  });
});

// Reaching a cap takes up to 120 requests one after another: seconds on a quiet machine,
// longer than the default 20 s when a shared one is busy.
describe("every cap is a 429 with Retry-After, whatever the caller (issue 36, point 6)", { timeout: 120_000 }, () => {
  it("the chat cap on a post from a page without JavaScript: the chat page again, 429, the message and what was typed", async () => {
    const cookie = await memberCookie("+15550100003");
    for (let i = 0; i < 120; i++) {
      const { body, ...headers } = form({ message: `hello ${i}` });
      expect((await send("POST", "/beamkins/chat", { headers: { ...headers, Cookie: cookie, Accept: "application/json" }, body })).status).toBe(200);
    }
    const { body, ...headers } = form({ message: "One more thing I wanted to say" });
    const reply = await send("POST", "/beamkins/chat", { headers: { ...headers, Cookie: cookie, Accept: BROWSER }, body });
    expect(reply.status).toBe(429);
    expect(Number(reply.headers["retry-after"])).toBeGreaterThan(0);
    expect(String(reply.headers["content-type"])).toContain("text/html");
    expect(reply.text).toContain("You&#x27;re chatting very fast.");
    expect(reply.text).toMatch(/<textarea[^>]*>One more thing I wanted to say<\/textarea>/);
  });

  it("a page whose route says nothing of Retry-After (/invite's code tries): the header all the same, with and without JavaScript", async () => {
    const cookie = await memberCookie("+15550100004");
    const { body, ...headers } = form({ code: "ZZZZZZ" });
    let last: Reply | undefined;
    for (let i = 0; i < 21; i++) last = await send("POST", "/invite", { headers: { ...headers, Cookie: cookie, Accept: BROWSER }, body });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    const data = await send("POST", "/invite.data", { headers: { ...headers, Cookie: cookie }, body });
    expect(data.status).toBe(429);
    expect(Number(data.headers["retry-after"])).toBeGreaterThan(0);
  });
});
