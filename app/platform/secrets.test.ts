import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import type { Connection } from "./db/db.server";
import { appSettings } from "./db/schema";
import { deriveSecret, loadMasterSecret, setMasterSecret } from "./secrets.server";

let conn: Connection;
beforeAll(async () => {
  conn = await createTestDatabase();
});

describe("the session secret", () => {
  it("is generated once when SESSION_SECRET is unset, kept in the database, and the same on every load", async () => {
    const first = await loadMasterSecret(conn.db, undefined);
    const second = await loadMasterSecret(conn.db, undefined);
    expect(first).toHaveLength(43); // 32 random bytes, base64url
    expect(second).toBe(first);
    const [row] = await conn.db.select().from(appSettings).where(eq(appSettings.key, "session_secret"));
    expect(row?.value).toBe(first);
  });

  it("is shared by instances that start at the same time", async () => {
    await conn.db.delete(appSettings).where(eq(appSettings.key, "session_secret"));
    const loaded = await Promise.all(Array.from({ length: 5 }, () => loadMasterSecret(conn.db, undefined)));
    expect(new Set(loaded).size).toBe(1);
  });

  it("comes from SESSION_SECRET when it is set, without touching the stored one", async () => {
    const stored = await loadMasterSecret(conn.db, undefined);
    expect(await loadMasterSecret(conn.db, "an-operator-chosen-secret-of-32-chars")).toBe(
      "an-operator-chosen-secret-of-32-chars",
    );
    expect(await loadMasterSecret(conn.db, undefined)).toBe(stored);
  });

  it("derives different keys per purpose, and they change with the secret", () => {
    setMasterSecret("secret-one-0123456789abcdef");
    const cookieKey = deriveSecret("session-cookie");
    expect(deriveSecret("theme-cookie")).not.toBe(cookieKey);
    setMasterSecret("secret-two-0123456789abcdef");
    expect(deriveSecret("session-cookie")).not.toBe(cookieKey);
  });
});
