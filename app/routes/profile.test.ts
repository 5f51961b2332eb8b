import { eq } from "drizzle-orm";
import { data as dataResult } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { BASE_URL, callRoute, formRequest } from "../../tests/support/route";
import { sessionCookieFor, startSession } from "~/features/auth/session-store.server";
import { findCharacter, getLook, saveCharacter } from "~/features/avatars/characters.server";
import { defaultLook } from "~/features/avatars/options.server";
import { db } from "~/platform/db/db.server";
import { characters, members } from "~/platform/db/schema";
import * as profile from "./profile";
import * as avatar from "./resources/avatar";
import * as preview from "./resources/avatar-preview";
import * as signup from "./signup";

/** Route functions typed for callRoute (the generated types also want url and pattern). */
type Plain<T> = (args: Parameters<Parameters<typeof callRoute<T>>[0]>[0]) => Promise<T>;
const plain = <T,>(fn: (args: never) => Promise<T>) => fn as unknown as Plain<T>;
const profileLoader = plain(profile.loader);
const profileAction = plain(profile.action);
const signupLoader = plain(signup.loader);
const signupAction = plain(signup.action);
const avatarLoader = plain(avatar.loader);
const previewLoader = plain(preview.loader);

beforeAll(async () => {
  await createTestDatabase();
});

let n = 0;
async function signedIn(values: Partial<typeof members.$inferInsert> = {}) {
  n += 1;
  const [member] = await db()
    .insert(members)
    .values({ phone: `+1555200${String(n).padStart(4, "0")}`, ...values })
    .returning();
  const sid = await startSession(member!.id);
  const cookie = (await sessionCookieFor(new Request(BASE_URL), sid)).split(";")[0]!;
  return { member: member!, cookie };
}

type DataWithResponse = ReturnType<typeof dataResult>;
const statusOf = (value: unknown) => (value as DataWithResponse).init?.status ?? 200;
const bodyOf = <T,>(value: unknown) => (value as DataWithResponse).data as T;

const lookForm = (fields: Record<string, string>) => ({
  style: "dylan",
  seed: "Robin",
  shownStyle: "dylan",
  scale: "100",
  size: "128",
  clip: "true",
  ...fields,
});

describe("/profile", () => {
  it("shows the day a member joined in the reader's language, not as an ISO date", async () => {
    const { cookie } = await signedIn({ joinedAt: new Date("2026-10-23T23:30:00Z") });
    const read = async (lng: string) =>
      (await callRoute(profileLoader, new Request(`${BASE_URL}/profile?lng=${lng}`, { headers: { cookie } }))).result as {
        joinedOn: string;
      };
    expect((await read("zh")).joinedOn).toBe("2026年10月23日");
    expect((await read("en")).joinedOn).toBe("Oct 23, 2026");
  });

  it("sends visitors to sign in first", async () => {
    const call = await callRoute(profileLoader, new Request(`${BASE_URL}/profile`));
    expect((call.thrown as Response).headers.get("Location")).toBe("/signin?redirectTo=%2Fprofile");
  });

  it("saves a dylan look with the chosen hair and mood, then redirects (PRG)", async () => {
    const { member, cookie } = await signedIn();
    const call = await callRoute(
      profileAction,
      formRequest("/profile", { ...lookForm({ hair: "shaggy", mood: "superHappy" }), intent: "save" }, { headers: { Cookie: cookie } }),
    );
    expect((call.result as Response).status).toBe(303);
    expect(await findCharacter(member.id)).toMatchObject({ style: "dylan", hair: "shaggy", mood: "superHappy" });
  });

  it("refuses a bad value field by field with 400, keeps what was typed and saves nothing", async () => {
    const { member, cookie } = await signedIn();
    const call = await callRoute(
      profileAction,
      formRequest(
        "/profile",
        { ...lookForm({ hair: "mullet", rotate: "400", hairColor: "1e81b0a" }), intent: "save" },
        { headers: { Cookie: cookie, Accept: "text/html" } },
      ),
    );
    expect(statusOf(call.result)).toBe(400);
    const body = bodyOf<{ values: Record<string, string>; errors: Record<string, unknown> }>(call.result);
    expect(Object.keys(body.errors).sort()).toEqual(["hair", "hairColor", "rotate"]);
    // Translated on the server, with the bounds the message names.
    expect(body.errors.rotate).toBe("Enter a whole number from 0 to 360.");
    expect(body.values).toMatchObject({ hair: "mullet", rotate: "400", hairColor: "1e81b0a" });
    expect(await findCharacter(member.id)).toBeNull();
  });

  it("'Preview' shows the chosen options without saving them; 'Randomize' picks a new seed", async () => {
    const { member, cookie } = await signedIn();
    const preview = await callRoute(
      profileAction,
      formRequest("/profile", { ...lookForm({ hair: "buns" }), intent: "preview" }, { headers: { Cookie: cookie } }),
    );
    expect(bodyOf<{ result: { values: Record<string, string> } }>(preview.result).result.values).toMatchObject({ hair: "buns", style: "dylan" });
    const random = await callRoute(
      profileAction,
      formRequest("/profile", { ...lookForm({ hair: "buns" }), intent: "randomize" }, { headers: { Cookie: cookie } }),
    );
    const values = bodyOf<{ result: { values: Record<string, string> } }>(random.result).result.values;
    expect(values.seed).not.toBe("Robin");
    expect(values.hair).toBe("buns");
    expect(await findCharacter(member.id)).toBeNull();
  });

  it("a style switched without JavaScript lets the old style's choices go", async () => {
    const { cookie } = await signedIn();
    const call = await callRoute(
      profileAction,
      formRequest("/profile", { ...lookForm({ style: "pixelArt", hair: "shaggy" }), intent: "preview" }, { headers: { Cookie: cookie } }),
    );
    expect(statusOf(call.result)).toBe(200);
    expect(bodyOf<{ result: { values: Record<string, string> } }>(call.result).result.values).toMatchObject({ style: "pixelArt" });
    expect(bodyOf<{ result: { values: Record<string, string> } }>(call.result).result.values.hair).toBeUndefined();
  });

  it("offers the member's own avatar as a download, its address changing when the look is saved and again when it is reset", async () => {
    const { member, cookie } = await signedIn();
    const load = async () =>
      (await callRoute(profileLoader, new Request(`${BASE_URL}/profile`, { headers: { Cookie: cookie } }))).result as {
        avatarFile: string;
        version: number | null;
        look: Record<string, string>;
      };
    const before = await load();
    expect(before.version).toBeNull();
    // What the member wears before any save: the default avatar.
    expect(before.avatarFile).toBe("/avatars/default.svg");

    await callRoute(
      profileAction,
      formRequest("/profile", { ...lookForm({ hair: "shaggy" }), intent: "save" }, { headers: { Cookie: cookie } }),
    );
    const saved = await load();
    expect(saved.version).toBe(1);
    expect(saved.look).toMatchObject({ style: "dylan", hair: "shaggy" });
    expect(saved.avatarFile).toBe(`/avatars/${member.id}/1.svg`);

    await callRoute(profileAction, formRequest("/profile", { intent: "reset" }, { headers: { Cookie: cookie } }));
    expect((await load()).avatarFile).toBe(`/avatars/${member.id}/2.svg`);
  });

  it("shows the look as saved, also one saved a moment ago by another instance", async () => {
    const { member } = await signedIn();
    await saveCharacter(member.id, defaultLook("dylan", "Robin"));
    const first = await getLook(member.id);
    expect([first.version, first.look.style]).toEqual([1, "dylan"]);
    // Another process saves straight into the database: the next view shows it.
    await db().update(characters).set({ style: "lorelei", version: 2 }).where(eq(characters.memberId, member.id));
    const second = await getLook(member.id);
    expect([second.version, second.look.style]).toEqual([2, "lorelei"]);
  });

  it("edits the member's details and answers 409 for a username someone else has", async () => {
    await signedIn({ username: "Firefly" });
    const { member, cookie } = await signedIn({ username: "moth" });
    const fields = { intent: "details", firstName: "Mo", lastName: "", username: "firefly", email: "mo@example.com", zipcode: "10001" };
    const taken = await callRoute(profileAction, formRequest("/profile", fields, { headers: { Cookie: cookie, Accept: "text/html" } }));
    expect(statusOf(taken.result)).toBe(409);
    expect(bodyOf<{ values: Record<string, string> }>(taken.result).values.username).toBe("firefly");
    const saved = await callRoute(
      profileAction,
      formRequest("/profile", { ...fields, username: "Moth_2" }, { headers: { Cookie: cookie } }),
    );
    expect((saved.result as Response).status).toBe(303);
    const [after] = await db().select().from(members).where((await import("drizzle-orm")).eq(members.id, member.id));
    expect(after).toMatchObject({ username: "Moth_2", zipcode: "10001" });
  });
});

describe("/signup", () => {
  it("completes signup with a starting look and sends the member on", async () => {
    const { member, cookie } = await signedIn();
    const page = await callRoute(signupLoader, new Request(`${BASE_URL}/signup`, { headers: { Cookie: cookie } }));
    expect(page.result).toMatchObject({ style: "pixelArt" });
    const call = await callRoute(
      signupAction,
      formRequest(
        "/signup",
        { intent: "signup", firstName: "Ana", username: "ana_k", email: "ana@example.com", zipcode: "94110", style: "dylan", seed: "abc" },
        { headers: { Cookie: cookie } },
      ),
    );
    expect((call.result as Response).headers.get("Location")).toBe("/profile#creator");
    expect(await findCharacter(member.id)).toMatchObject({ style: "dylan", seed: "abc" });
    // Signed up: /signup now leads to the profile.
    const again = await callRoute(signupLoader, new Request(`${BASE_URL}/signup`, { headers: { Cookie: cookie } }));
    expect((again.thrown as Response).headers.get("Location")).toBe("/profile#creator");
  });

  it("keeps what was typed when a field is wrong", async () => {
    const { member, cookie } = await signedIn();
    const call = await callRoute(
      signupAction,
      formRequest(
        "/signup",
        { intent: "signup", firstName: "Ana", username: "a", email: "nope", zipcode: "94110", style: "lorelei", seed: "abc" },
        { headers: { Cookie: cookie, Accept: "text/html" } },
      ),
    );
    expect(statusOf(call.result)).toBe(400);
    const body = bodyOf<{ values: Record<string, string>; errors: Record<string, unknown> }>(call.result);
    expect(Object.keys(body.errors).sort()).toEqual(["email", "username"]);
    expect(body.values).toMatchObject({ firstName: "Ana", username: "a", email: "nope" });
    expect(body.values.style).toBe("lorelei");
    expect(await findCharacter(member.id)).toBeNull();
  });
});

const signupFields = (fields: Record<string, string> = {}) => ({
  intent: "signup",
  firstName: "Ana",
  username: `ana_${n}`,
  email: "ana@example.com",
  zipcode: "94110",
  style: "dylan",
  seed: "abc",
  ...fields,
});

describe("/signup after signing up", () => {
  it("a second post changes nothing: a browser goes where the page would send it, a script gets 409", async () => {
    const { member, cookie } = await signedIn();
    const headers = { Cookie: cookie };
    const first = await callRoute(signupAction, formRequest("/signup", signupFields({ username: "first_one" }), { headers }));
    expect((first.result as Response).headers.get("Location")).toBe("/profile#creator");
    const before = await db().select().from(members).where(eq(members.id, member.id));
    const version = (await findCharacter(member.id))!.version;

    const again = signupFields({ firstName: "Bob", username: "second_one", email: "bob@example.com", zipcode: "10001", style: "lorelei", seed: "xyz" });
    const browser = await callRoute(
      signupAction,
      formRequest("/signup?redirectTo=%2Fbeamkins", again, { headers: { ...headers, Accept: "text/html" } }),
    );
    expect(browser.result).toBeInstanceOf(Response);
    expect((browser.result as Response).status).toBe(303);
    expect((browser.result as Response).headers.get("Location")).toBe("/beamkins");

    const script = await callRoute(signupAction, formRequest("/signup", again, { headers: { ...headers, Accept: "application/json" } }));
    expect(statusOf(script.result)).toBe(409);
    expect(bodyOf(script.result)).toEqual({ success: false, type: "CONFLICT", message: "You have signed up already. Change your details and look on your profile." });

    const after = await db().select().from(members).where(eq(members.id, member.id));
    expect(after).toEqual(before);
    expect(await findCharacter(member.id)).toMatchObject({ version, style: "dylan", seed: "abc" });
  });

  it("three posts at once sign up once: the look is saved one time", async () => {
    const { member, cookie } = await signedIn();
    const post = (i: number) =>
      callRoute(
        signupAction,
        formRequest("/signup", signupFields({ username: `racer_${n}_${i}`, seed: `seed${i}` }), { headers: { Cookie: cookie } }),
      );
    const calls = await Promise.all([post(1), post(2), post(3)]);
    // One signs up; the others find it done (409 to a caller that is not a page).
    expect(calls.filter((c) => c.result instanceof Response)).toHaveLength(1);
    expect(calls.map((c) => statusOf(c.thrown ?? c.result)).sort()).toEqual([200, 409, 409]);
    const character = await findCharacter(member.id);
    expect(character?.version).toBe(1);
    const [row] = await db().select().from(members).where(eq(members.id, member.id));
    expect(row?.username).toBe(`racer_${n}_${character!.seed.slice(4)}`);
  });
});

describe("avatar images", () => {
  it("serve a saved look as SVG, cached for a year, at its version's URL", async () => {
    const { member } = await signedIn();
    const { version } = await saveCharacter(member.id, defaultLook("dylan", "Robin"));
    const call = await callRoute(avatarLoader, new Request(`${BASE_URL}/avatars/${member.id}/${version}.svg`), {
      params: { memberId: String(member.id), file: `${version}.svg` },
    });
    const response = call.result as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toMatch(/^<svg /);
  });

  it("send an old version's URL to the current look, uncached", async () => {
    const { member } = await signedIn();
    await saveCharacter(member.id, defaultLook());
    await saveCharacter(member.id, defaultLook("lorelei"));
    const call = await callRoute(avatarLoader, new Request(`${BASE_URL}/avatars/${member.id}/1.svg`), {
      params: { memberId: String(member.id), file: "1.svg" },
    });
    const response = call.result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/avatars/${member.id}/2.svg`);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("answer 404 for nonsense", async () => {
    const call = await callRoute(avatarLoader, new Request(`${BASE_URL}/avatars/x/1.png`), {
      params: { memberId: "x", file: "1.png" },
    });
    expect(statusOf(call.thrown)).toBe(404);
  });

  it("preview unsaved options without a long cache, and refuse bad ones", async () => {
    const good = await callRoute(previewLoader, new Request(`${BASE_URL}/avatars/preview.svg?style=dylan&hair=shaggy&mood=sad`));
    expect((good.result as Response).headers.get("Cache-Control")).toBe("public, max-age=300");
    const bad = await callRoute(previewLoader, new Request(`${BASE_URL}/avatars/preview.svg?style=dylan&rotate=999`));
    expect((bad.result as Response).status).toBe(400);
    expect(await (bad.result as Response).json()).toMatchObject({
      success: false,
      type: "BAD_REQUEST",
      errors: { rotate: "Enter a whole number from 0 to 360." },
    });
    const longSeed = await callRoute(
      previewLoader,
      new Request(`${BASE_URL}/avatars/preview.svg?style=dylan&seed=${"s".repeat(65)}`, {
        headers: { "Accept-Language": "zh" },
      }),
    );
    const said = (await (longSeed.result as Response).json()) as { message: string };
    expect(said.message).not.toContain("errors.");
    expect(said.message).toMatch(/64/);
  });
});
