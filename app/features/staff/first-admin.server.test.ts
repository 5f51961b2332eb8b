/**
 * The first admin from STAFF_FIRST_ADMIN and STAFF_FIRST_ADMIN_PASSWORD (start-up calls
 * ensureFirstAdmin with them): made on a database without staff, ignored afterwards, and the
 * two variables are set together or not at all.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { env, resetEnvCache } from "~/platform/env.server";
import { listAudit } from "./audit.server";
import { listStaffAccounts } from "./accounts.server";
import { ensureFirstAdmin } from "./first-admin.server";
import { signInStaff } from "./sign-in.server";

await createTestDatabase();

afterEach(() => {
  delete process.env.STAFF_FIRST_ADMIN;
  delete process.env.STAFF_FIRST_ADMIN_PASSWORD;
  resetEnvCache();
});

describe("the first admin", () => {
  it("is made on a database without staff, signs in, and is written to the trail", async () => {
    expect(await ensureFirstAdmin("founder", "the founder's password")).toBe("founder");
    expect(await listStaffAccounts()).toEqual([expect.objectContaining({ username: "founder", isAdmin: true, agentId: null })]);
    expect((await signInStaff({ username: "founder", password: "the founder's password", clientIp: "192.0.2.1" })).ok).toBe(true);
    expect((await listAudit()).find((e) => e.action === "create-staff")).toMatchObject({ staffUsername: "(STAFF_FIRST_ADMIN)" });
  });

  it("is ignored once any staff account exists", async () => {
    expect(await ensureFirstAdmin("intruder", "the intruder's password")).toBeNull();
    expect((await listStaffAccounts()).map((a) => a.username)).toEqual(["founder"]);
  });

  it("needs both variables, and a usable password", async () => {
    expect(await ensureFirstAdmin(undefined, undefined)).toBeNull();
    await expect(ensureFirstAdmin("founder", undefined)).rejects.toThrow(/set together/);
    await expect(ensureFirstAdmin("x", "short")).rejects.toThrow(/not usable/);
    process.env.STAFF_FIRST_ADMIN = "founder";
    resetEnvCache();
    expect(() => env()).toThrow(/STAFF_FIRST_ADMIN and STAFF_FIRST_ADMIN_PASSWORD are set together, or not at all/);
    process.env.STAFF_FIRST_ADMIN_PASSWORD = "the founder's password";
    resetEnvCache();
    expect(env()).toMatchObject({ STAFF_FIRST_ADMIN: "founder", STAFF_FIRST_ADMIN_PASSWORD: "the founder's password" });
  });
});
