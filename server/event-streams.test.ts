/**
 * Event streams through the built server (issue 35, decision 1123): a member holds five at
 * most and the process EVENT_STREAMS_MAX, more are refused with 429, Retry-After and a
 * translated message; on SIGTERM every open stream ends at once with a `retry:` hint and the
 * process exits 0 well inside a container's grace period (it took 9.2 s of Docker's 10 s
 * with one stream open before).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, request, startBuiltServer, type ServerProcess } from "../tests/support/server-process";

const token = randomBytes(24).toString("hex");
let server: ServerProcess;

beforeAll(async () => {
  ensureBuild();
  server = await startBuiltServer({ SEED_DEMO: "1", LOG_REQUESTS: "0", GLOW_E2E_HOOKS_TOKEN: token, EVENT_STREAMS_MAX: "7" });
}, 300_000);
afterAll(() => server.stop());

/** A demo member signed in through the browser tests' hook: their cookies and id. */
async function signIn(phone: string) {
  const answer = await request(server.port, {
    method: "POST",
    path: "/__e2e/session",
    headers: { "Content-Type": "application/json", "x-e2e-token": token },
    body: JSON.stringify({ phone }),
  });
  expect(answer.status).toBe(200);
  const cookie = ((answer.headers["set-cookie"] ?? []) as string[]).map((c) => c.split(";", 1)[0]).join("; ");
  return { cookie, id: (JSON.parse(answer.body) as { memberId: number }).memberId };
}

interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  ended: Promise<void>;
  close(): void;
}

/** Opens a stream and waits for its answer's headers; the body keeps arriving in `text`. */
function openStream(path: string, cookie: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, path, headers: { Accept: "text/event-stream", Cookie: cookie }, agent: false }, (res) => {
      const stream: OpenStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: "",
        ended: new Promise((done) => {
          res.on("end", done);
          res.on("error", () => done());
        }),
        close: () => req.destroy(),
      };
      res.on("data", (chunk: Buffer) => (stream.text += chunk.toString("utf8")));
      resolve(stream);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a contest's event streams", () => {
  const open: OpenStream[] = [];
  let path = "";
  let grace: { cookie: string; id: number };
  let alan: { cookie: string; id: number };

  it("lets a member follow a contest from five tabs, and refuses a sixth with 429 and Retry-After, in their language", async () => {
    grace = await signIn("+15550100002");
    const contests = await request(server.port, { path: "/api/getcontests/", headers: { Accept: "application/json", Cookie: grace.cookie } });
    const hers = (JSON.parse(contests.body) as { result: { contests: { ContestID: number; GameMasterID: number }[] } }).result.contests.find((c) => c.GameMasterID === grace.id);
    path = `/contests/${hers!.ContestID}/events`;
    for (let i = 0; i < 5; i++) open.push(await openStream(path, grace.cookie));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    expect(open[0]!.headers["content-type"]).toContain("text/event-stream");
    // Each says something at once, before any event: nginx over HTTP/2 holds an answer's
    // headers until its first bytes, and a browser counts a stream open only once they come.
    await expect.poll(() => open.map((s) => s.text)).toEqual(Array(5).fill(": open\n\n"));

    const sixth = await request(server.port, { path, headers: { Accept: "text/event-stream", Cookie: grace.cookie } });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(sixth.body)).toEqual({ success: false, type: "TOO_MANY_REQUESTS", message: expect.stringContaining("You already follow 5 live pages") });
    const inChinese = await request(server.port, { path: `${path}?lng=zh`, headers: { Accept: "text/event-stream", Cookie: grace.cookie } });
    expect(inChinese.status).toBe(429);
    expect(JSON.parse(inChinese.body).message).toContain("你已在关注 5 个实时页面");

    // A tab closes: its place is free again.
    open.shift()!.close();
    await expect.poll(async () => {
      const again = await openStream(path, grace.cookie);
      if (again.status === 200) open.push(again);
      return again.status;
    }).toBe(200);
  });

  it("refuses any stream past the instance's limit (EVENT_STREAMS_MAX=7 here), whoever asks", async () => {
    // Alan judges Grace's contest.
    alan = await signIn("+15550100003");
    open.push(await openStream(path, alan.cookie), await openStream(path, alan.cookie));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const eighth = await request(server.port, { path, headers: { Accept: "text/event-stream", Cookie: alan.cookie } });
    expect(eighth.status).toBe(429);
    expect(Number(eighth.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(eighth.body).message).toContain("Glow is very busy");
  });

  it("keeps nothing of a stream its browser dropped: every place of the instance is free again", async () => {
    // Every browser goes away (its connection dropped, as a closed tab or a lost network does).
    for (const stream of open.splice(0)) stream.close();
    // The process takes as many streams again, as soon as it has seen them go: nothing of the
    // closed ones is still counted (and nothing they held kept: app/platform/event-streams.test.ts).
    const fill = async (member: { cookie: string }, wanted: number) => {
      const mine: OpenStream[] = [];
      await expect
        .poll(async () => {
          const again = await openStream(path, member.cookie);
          if (again.status === 200) mine.push(again);
          else again.close();
          return mine.length;
        })
        .toBe(wanted);
      return mine;
    };
    open.push(...(await fill(grace, 5)), ...(await fill(alan, 2)));
    // And the limit still holds: seven open, the eighth refused.
    const eighth = await request(server.port, { path, headers: { Accept: "text/event-stream", Cookie: alan.cookie } });
    expect(eighth.status).toBe(429);
    expect(JSON.parse(eighth.body).message).toContain("Glow is very busy");
  });

  it("ends every open stream at once on SIGTERM, with a retry hint, and exits 0 in under 3 s", async () => {
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(3_000);
    await Promise.all(open.map((s) => s.ended));
    for (const stream of open) expect(stream.text).toMatch(/retry: \d+\n\n$/);
  });
});
