import { describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { memberFactory } from "../../../tests/support/members";
import { BASE_URL, callRoute, formRequest, outcome } from "../../../tests/support/route";
import { afterCommit, transaction } from "~/platform/db/transaction.server";
import { db } from "~/platform/db/db.server";
import { contests, memberRoles, members } from "~/platform/db/schema";
import { principalChanged } from "~/platform/principal.server";
import { currentMember, hasRole, requireMember, requireRole } from "./principal.server";
import * as sessionCookies from "~/platform/session.server";

await createTestDatabase();
const signedIn = memberFactory("+1555470");

const page = (path: string, cookie = "") => new Request(`${BASE_URL}${path}`, { headers: { Accept: "text/html", Cookie: cookie } });

describe("who acts", () => {
  it("is looked up once per request, however many ask, and again after principalChanged", async () => {
    const { member, cookie } = await signedIn();
    // Each lookup starts by reading the request's session cookie.
    const lookups = vi.spyOn(sessionCookies, "sessionIdOf");
    const call = await callRoute(async ({ context }) => {
      const [a, b] = await Promise.all([currentMember(context), requireMember(context)]);
      expect(a?.member.id).toBe(member.id);
      expect(b.member.id).toBe(member.id);
      principalChanged(context);
      await currentMember(context);
      return null;
    }, page("/profile", cookie));
    expect(call.thrown).toBeUndefined();
    // One read by the root middleware (a visit counts for quests only when there is a
    // session), one lookup shared by both questions, one more after principalChanged.
    expect(lookups).toHaveBeenCalledTimes(3);
    lookups.mockRestore();
  });

  it("a visitor's page goes to sign-in and comes back; a JSON caller gets 401 UNAUTHORIZED", async () => {
    const pageCall = await callRoute(({ context }) => requireMember(context), page("/compliment?to=3"));
    expect(outcome(pageCall)).toMatchObject({ status: 302, location: "/signin?redirectTo=%2Fcompliment%3Fto%3D3" });
    const jsonCall = await callRoute(({ context }) => requireMember(context), new Request(`${BASE_URL}/beamkins/chat`, { headers: { Accept: "application/json" } }));
    expect(outcome(jsonCall)).toMatchObject({ status: 401, data: { success: false, type: "UNAUTHORIZED" } });
  });

  it("a loader called without the root middleware is a bug, said plainly", async () => {
    const { RouterContextProvider } = await import("react-router");
    expect(() => currentMember(new RouterContextProvider())).toThrow(/principalMiddleware/);
  });
});

describe("roles (section 6)", () => {
  it("are checked overall or per contest, ids compared as strings", () => {
    const roles = [{ role: "judge" as const, contestId: 7 }];
    expect(hasRole(roles, "judge")).toBe(true);
    expect(hasRole(roles, "judge", "7")).toBe(true);
    expect(hasRole(roles, "judge", 7)).toBe(true);
    expect(hasRole(roles, "judge", "8")).toBe(false);
    expect(hasRole(roles, "gamemaster")).toBe(false);
  });

  it("requireRole answers 403 to a member without the role for that contest", async () => {
    const [contest] = await db().insert(contests).values({ name: "Spring" }).returning();
    const { member, cookie } = await signedIn();
    await db().insert(memberRoles).values({ memberId: member.id, contestId: contest!.id, role: "judge" });
    const ok = await callRoute(({ context }) => requireRole(context, "judge", { contestId: String(contest!.id) }), page("/judging", cookie));
    expect(ok.thrown).toBeUndefined();
    const other = await callRoute(({ context }) => requireRole(context, "judge", { contestId: contest!.id + 1 }), page("/judging", cookie));
    expect(outcome(other).status).toBe(403);
    const json = await callRoute(
      ({ context }) => requireRole(context, "gamemaster"),
      formRequest("/gamemaster", {}, { headers: { Accept: "application/json", Cookie: cookie } }),
    );
    expect(outcome(json)).toMatchObject({ status: 403, data: { success: false, type: "FORBIDDEN" } });
  });
});

describe("transaction and afterCommit", () => {
  it("runs after-commit work once the transaction committed, and never for one that rolled back", async () => {
    const ran: string[] = [];
    await transaction(async (tx) => {
      await tx.update(members).set({ notes: "x" }).where(undefined as never);
      afterCommit(() => void ran.push("committed"));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["committed"]);
    await expect(
      transaction(async () => {
        afterCommit(() => void ran.push("rolled back"));
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(ran).toEqual(["committed"]);
    afterCommit(() => void ran.push("outside"));
    expect(ran).toEqual(["committed", "outside"]);
  });
});
