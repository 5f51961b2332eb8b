/**
 * No process keeps a member's data past the request that read it (decision 0524): a change
 * is seen by the very next request, whichever instance made it, on either engine.
 *
 * - On PostgreSQL (the second pass of .ci/run, TEST_DATABASE_URL set): two instances of the
 *   built server share one database; what one saves or ends, the other shows at once.
 * - On the embedded database there is one process: a change written behind its back (with
 *   the database's triggers off, so nothing could have told it) shows on the next request.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { db } from "~/platform/db/db.server";
import { createTestDatabase } from "../support/db";
import { memberFactory } from "../support/members";
import { BASE_URL, callRoute } from "../support/route";
import { ensureBuild, request, startBuiltServer, type Reply, type ServerProcess } from "../support/server-process";

const postgresUrl = process.env.TEST_DATABASE_URL;
const HOOKS_TOKEN = "member-reads-test-hooks-token-0123456789";

/** The Cookie header a browser would send back after these Set-Cookie headers. */
function cookiesOf(reply: Reply): string {
  const set = reply.headers["set-cookie"] ?? [];
  return set.map((cookie) => cookie.split(";")[0]!).join("; ");
}

/** Who the page's header says is signed in, or null for a visitor. */
function signedInAs(html: string): string | null {
  return /Signed in as ([^<]+)</.exec(html)?.[1] ?? null;
}

describe.runIf(postgresUrl)("two instances on one PostgreSQL", () => {
  let database: string;
  let databaseUrl: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    ensureBuild();
    database = `glow_instances_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    const env = {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "member-reads-test-secret-0123456789",
      GLOW_E2E_HOOKS_TOKEN: HOOKS_TOKEN,
      LOG_REQUESTS: "0",
    };
    // Both start at once, as a deployment's instances do: one migrates, the other waits.
    [a, b] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  const page = (server: ServerProcess, path: string, cookie: string) =>
    request(server.port, { path, headers: { Cookie: cookie } });
  const post = (server: ServerProcess, path: string, cookie: string, fields: Record<string, string>) =>
    request(server.port, {
      method: "POST",
      path,
      headers: {
        Cookie: cookie,
        Origin: `http://127.0.0.1:${server.port}`,
        Host: `127.0.0.1:${server.port}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
    });

  it("shows on one instance the name saved through the other, and ends there the session ended here", async () => {
    const signIn = await request(a.port, {
      method: "POST",
      path: "/__e2e/session",
      headers: { "x-e2e-token": HOOKS_TOKEN, "Content-Type": "application/json" },
      body: JSON.stringify({ phone: "+15557650001", firstName: "Ada", lastName: "Lovelace", username: "ada_l", withAvatar: true }),
    });
    expect(signIn.status).toBe(200);
    const cookie = cookiesOf(signIn);

    expect(signedInAs((await page(b, "/profile", cookie)).body)).toBe("Ada Lovelace");

    const saved = await post(a, "/profile", cookie, {
      intent: "details",
      firstName: "Augusta",
      lastName: "King",
      username: "ada_l",
      email: "ada@example.com",
      zipcode: "10001",
    });
    expect(saved.status, saved.body.slice(0, 300)).toBeLessThan(400);
    // The next request on the other instance reads the member afresh.
    expect(signedInAs((await page(b, "/profile", cookie)).body)).toBe("Augusta King");

    const signedOut = await post(b, "/signout", cookie, { redirectTo: "/" });
    expect(signedOut.status).toBe(302);
    const after = await page(a, "/profile", cookie);
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/signin/);
  });
});

describe.skipIf(postgresUrl)("one process on the embedded database", () => {
  const signedIn = memberFactory("+1555765");

  beforeAll(async () => {
    await createTestDatabase();
  });

  /** The root loader, as every page's request runs it: who is signed in, by this cookie. */
  async function whoIs(cookie: string) {
    const call = await callRoute(rootLoader, new Request(`${BASE_URL}/profile`, { headers: { Cookie: cookie } }));
    const result = call.result as { data: { member: { displayName: string } | null } };
    return result.data.member?.displayName ?? null;
  }

  /** A write nothing in the process could notice: the database's triggers are off for it. */
  async function behindItsBack(statement: ReturnType<typeof sql>) {
    await db().execute(sql`set session_replication_role = replica`);
    try {
      await db().execute(statement);
    } finally {
      await db().execute(sql`set session_replication_role = default`);
    }
  }

  it("reads the member afresh for every request: a change no one told the process about shows at once", async () => {
    const { member, cookie } = await signedIn({ firstName: "Grace", lastName: "Hopper" });
    expect(await whoIs(cookie)).toBe("Grace Hopper");

    await behindItsBack(sql`update members set first_name = 'Amazing', last_name = 'Grace' where id = ${member.id}`);
    expect(await whoIs(cookie)).toBe("Amazing Grace");

    await behindItsBack(sql`delete from sessions where member_id = ${member.id}`);
    expect(await whoIs(cookie)).toBeNull();
  });
});
