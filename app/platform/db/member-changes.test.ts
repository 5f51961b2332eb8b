import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { findSessionMember, startSession } from "~/features/auth/sessions.server";
import { listFeed, toggleGlow, writePost } from "~/features/feed/feed.server";
import { createTestDatabase } from "../../../tests/support/db";
import { connection, db, type Connection } from "./db.server";
import { MemberChanges, MemberReads } from "./member-changes.server";
import { characters, creatures, memberCreatures, memberRoles, members, sessions } from "./schema";

describe("reads kept until their member changes", () => {
  const loads = (member: number, value: string) => {
    let count = 0;
    const load = async () => {
      count += 1;
      return { member, value: `${value} #${count}` };
    };
    return { load, count: () => count };
  };

  it("keeps a read until a notice names its member or everyone", async () => {
    const changes = new MemberChanges();
    const reads = new MemberReads<string>(10);
    const alice = loads(1, "alice");
    const bob = loads(2, "bob");

    expect(await reads.read(changes, "a", alice.load)).toBe("alice #1");
    expect(await reads.read(changes, "a", alice.load)).toBe("alice #1");
    expect(await reads.read(changes, "b", bob.load)).toBe("bob #1");

    changes.notice("2");
    expect(await reads.read(changes, "a", alice.load)).toBe("alice #1");
    expect(await reads.read(changes, "b", bob.load)).toBe("bob #2");

    changes.notice("*");
    expect(await reads.read(changes, "a", alice.load)).toBe("alice #2");
    expect(await reads.read(changes, "b", bob.load)).toBe("bob #3");
  });

  it("does not keep a read a notice overtook, nor nothing found", async () => {
    const changes = new MemberChanges();
    const reads = new MemberReads<string>(10);
    let n = 0;
    const racing = async () => {
      n += 1;
      if (n === 1) changes.notice("5"); // another member's write commits while this one is read
      return { member: 1, value: `read ${n}` };
    };
    expect(await reads.read(changes, "k", racing)).toBe("read 1");
    expect(await reads.read(changes, "k", racing)).toBe("read 2");
    expect(await reads.read(changes, "k", racing)).toBe("read 2");

    let misses = 0;
    const nothing = async () => {
      misses += 1;
      return null;
    };
    expect(await reads.read(changes, "gone", nothing)).toBeNull();
    expect(await reads.read(changes, "gone", nothing)).toBeNull();
    expect(misses).toBe(2);
  });

  it("reads again when the kept value is no longer usable, and keeps at most its limit", async () => {
    const changes = new MemberChanges();
    const reads = new MemberReads<string>(2);
    const alice = loads(1, "alice");
    expect(await reads.read(changes, "a", alice.load)).toBe("alice #1");
    expect(await reads.read(changes, "a", alice.load, (v) => !v.endsWith("#1"))).toBe("alice #2");

    await reads.read(changes, "b", loads(2, "b").load);
    await reads.read(changes, "a", alice.load); // a is now the most recently used
    await reads.read(changes, "c", loads(3, "c").load); // b goes
    expect(reads.size(changes)).toBe(2);
    expect(await reads.read(changes, "a", alice.load)).toBe("alice #2");
  });

  it("keeps nothing once the notices have ended, or where there are none (PostgreSQL)", async () => {
    const changes = new MemberChanges();
    const reads = new MemberReads<string>(10);
    const alice = loads(1, "alice");
    await reads.read(changes, "a", alice.load);
    changes.end();
    expect(await reads.read(changes, "a", alice.load)).toBe("alice #2");
    expect(await reads.read(changes, "a", alice.load)).toBe("alice #3");
    expect(await reads.read(undefined, "a", alice.load)).toBe("alice #4");
    expect(await reads.read(undefined, "a", alice.load)).toBe("alice #5");
  });
});

let conn: Connection;
beforeAll(async () => {
  conn = await createTestDatabase();
});

async function aCreature() {
  const [found] = await db().select().from(creatures).limit(1);
  if (found) return found;
  const values = { slug: "lumo", name: "beamkins:lumo.name", personality: "beamkins:lumo.personality", imageUrl: "/lumo.svg" };
  return (await db().insert(creatures).values(values).returning())[0]!;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the embedded database's member change notices", () => {
  /** Notices seen while `write` ran, all of them in by the time its answer came. */
  async function noticesOf(write: () => Promise<unknown>) {
    const seen: (number | "*")[] = [];
    const stop = conn.memberChanges!.subscribe((change) => seen.push(change));
    try {
      await write();
    } finally {
      stop();
    }
    return seen;
  }

  const newMember = async (phone: string) =>
    (await db().insert(members).values({ phone, firstName: "Noor" }).returning())[0]!;

  it("name the member whose rows a committed change touched", async () => {
    expect(conn.memberChanges).toBeDefined();
    const noor = await newMember("+15554110001");
    const creature = await aCreature();

    expect(await noticesOf(() => db().update(members).set({ lastName: "Haddad" }).where(eq(members.id, noor.id)))).toEqual([noor.id]);
    expect(await noticesOf(() => startSession(noor.id))).toEqual([noor.id]);
    expect(await noticesOf(() => db().insert(characters).values({ memberId: noor.id }))).toEqual([noor.id]);
    expect(await noticesOf(() => db().insert(memberRoles).values({ memberId: noor.id, role: "judge" }))).toEqual([noor.id]);
    expect(
      await noticesOf(() =>
        db().transaction(async (tx) => {
          await tx.insert(memberCreatures).values({ memberId: noor.id, creatureId: creature!.id });
          await tx.update(memberCreatures).set({ light: 30 }).where(eq(memberCreatures.memberId, noor.id));
        }),
      ),
    ).toEqual([noor.id]);
    expect(await noticesOf(() => db().update(creatures).set({ name: sql`name` }))).toEqual(["*"]);
    expect(await noticesOf(() => db().execute(sql`truncate reactions`))).toEqual(["*"]);
    // A member removed takes their sessions with them: each cascade names them too.
    expect(await noticesOf(() => db().delete(members).where(eq(members.id, noor.id)))).toEqual([noor.id]);
  });

  it("are not sent for a transaction rolled back", async () => {
    const noor = await newMember("+15554110002");
    const seen = await noticesOf(() =>
      db()
        .transaction(async (tx) => {
          await tx.update(members).set({ lastName: "Rolled" }).where(eq(members.id, noor.id));
          throw new Error("changed my mind");
        })
        .catch(() => {}),
    );
    expect(seen).toEqual([]);
  });
});

describe("a signed-in member's pages, with their session and glows kept", () => {
  async function signedIn(phone: string) {
    const [member] = await db().insert(members).values({ phone, firstName: "Ines" }).returning();
    return { id: member!.id, sid: await startSession(member!.id) };
  }

  it("see every change to the member at once: roles, light, look, sign-out", async () => {
    const ines = await signedIn("+15554120001");
    const creature = await aCreature();
    await db().insert(memberCreatures).values({ memberId: ines.id, creatureId: creature!.id, light: 40 });
    await db().update(members).set({ creatureId: creature!.id }).where(eq(members.id, ines.id));

    const first = await findSessionMember(ines.sid);
    expect(first).toMatchObject({ roles: [], avatarVersion: null, activeBeamkin: { light: 40 } });
    if (conn.memberChanges) expect(await findSessionMember(ines.sid)).toBe(first); // kept, not read again

    await db().insert(memberRoles).values({ memberId: ines.id, role: "gamemaster" });
    expect((await findSessionMember(ines.sid))?.roles).toEqual([{ role: "gamemaster", contestId: null }]);

    await db().update(memberCreatures).set({ light: 35 }).where(eq(memberCreatures.memberId, ines.id));
    expect((await findSessionMember(ines.sid))?.activeBeamkin?.light).toBe(35);

    await db().insert(characters).values({ memberId: ines.id });
    expect((await findSessionMember(ines.sid))?.avatarVersion).not.toBeNull();

    await db().delete(sessions).where(eq(sessions.memberId, ines.id));
    expect(await findSessionMember(ines.sid)).toBeNull();
  });

  it("end a kept session when it expires, without a write", async () => {
    const ines = await signedIn("+15554120002");
    const now = Date.now();
    expect(await findSessionMember(ines.sid, new Date(now))).not.toBeNull();
    expect(await findSessionMember(ines.sid, new Date(now + 3 * 24 * 3600_000 + 1000))).toBeNull();
  });

  it("cannot have the kept answer changed by one request for the next", async () => {
    const ines = await signedIn("+15554120003");
    const found = (await findSessionMember(ines.sid))!;
    expect(() => {
      (found.member as { firstName: string }).firstName = "Changed";
    }).toThrow(TypeError);
    expect((await findSessionMember(ines.sid))?.member.firstName).toBe("Ines");
  });

  it("show the reader's own glow at once, also from the shared first page", async () => {
    const ines = await signedIn("+15554120004");
    const postId = await writePost({ type: "compliment", actorId: ines.id, text: "Lovely lanterns" });
    // Past the second after a write, readers share the first page and have their glows kept.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const glowed = async () => (await listFeed(null, ines.id)).posts.find((p) => p.id === postId)!.glowedByMe;
    expect(await glowed()).toBe(false);
    expect(await glowed()).toBe(false);
    await toggleGlow(postId, ines.id, true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await glowed()).toBe(true);
    // Another way in than toggleGlow (a script, a later feature) is seen as well.
    await db().execute(sql`delete from reactions where member_id = ${ines.id}`);
    expect(await glowed()).toBe(false);
  });

  it("is what the database says on PostgreSQL, which keeps nothing", () => {
    expect(Boolean(connection().memberChanges)).toBe(!process.env.TEST_DATABASE_URL);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("on PostgreSQL", () => {
  it("sends no notices from the pool's sessions, which do not listen (their commits never wait on the notice queue)", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const current = (await db().execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    url.pathname = current.rows[0]!.name;
    const listener = new pg.Client({ connectionString: url.toString() });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (n) => heard.push(String(n.payload)));
    await listener.query("listen glow_member_changed");
    try {
      const [member] = await db().insert(members).values({ phone: "+15554130001" }).returning();
      await db().update(members).set({ firstName: "Ana" }).where(eq(members.id, member!.id));
      await startSession(member!.id);
      // The listener's own write is heard: the triggers are there and work.
      await listener.query(`update members set last_name = 'Lima' where id = ${member!.id}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([String(member!.id)]);
    } finally {
      await listener.end();
    }
  });
});
