import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "./db/db.server";
import { appSettings } from "./db/schema";

/**
 * One master secret signs cookies and keys the code hashes. SESSION_SECRET wins when set;
 * otherwise one is generated once and kept in the database, so every instance shares it.
 */
let master: string | undefined;

export async function loadMasterSecret(db: Database, fromEnv: string | undefined) {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSettings)
    .values({ key: "session_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "session_secret"));
  if (!row) throw new Error("Could not load the session secret");
  return row.value;
}

export function setMasterSecret(secret: string) {
  master = secret;
}

/** A purpose-specific key derived from the master secret (cookie signing, code hashing…). */
export function deriveSecret(purpose: string): string {
  if (!master) throw new Error("The master secret is not loaded yet");
  return createHmac("sha256", master).update(`glow:${purpose}`).digest("base64url");
}
