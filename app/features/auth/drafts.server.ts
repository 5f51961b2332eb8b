import { randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { formDrafts } from "~/platform/db/schema";
import { readInput } from "~/platform/forms.server";
import { clientNetworkKey, hitRateLimit } from "~/platform/rate-limit.server";
import type { GlowSession } from "~/platform/session.server";

/*
 * A form a member posted after their session ended (docs/decisions/0509). What they typed
 * is kept on the server (form_drafts), found by a short random key in the session cookie,
 * while they sign in again, and given back once, by the root loader, to the page they
 * return to. Only that page's address takes it, and only within DRAFT_MAX_AGE_MS. The
 * cookie never carries the text: 2,000 quote characters once pushed it past what a
 * browser keeps, and the post answered 500.
 */

export const DRAFT_MAX_AGE_MS = 30 * 60 * 1000;
/**
 * What one draft keeps: whole fields while they fit (a form of this game holds a few short
 * fields; the chat's longest message is 2,000 characters). A field that does not fit is
 * left out rather than cut.
 */
export const DRAFT_MAX_BYTES = 64 * 1024;
/** Drafts kept per client network in DRAFT_MAX_AGE_MS: anyone can post a form, signed in or not. */
export const DRAFTS_PER_NETWORK = { limit: 30, windowMs: DRAFT_MAX_AGE_MS } as const;

const encoder = new TextEncoder();

/**
 * The text fields of a posted form, whole, in order, while they fit DRAFT_MAX_BYTES; a
 * field that does not fit is left out rather than cut. Null when nothing was typed or the
 * body cannot be read (a JSON post, a body already read).
 */
export async function readDraftValues(request: Request): Promise<Record<string, string> | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (request.bodyUsed || !/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
  const form = await readInput(request);
  if (!form) return null;
  const values: Record<string, string> = {};
  let bytes = 0;
  for (const [name, field] of Object.entries(form)) {
    // A repeated name: its first value, as a page shows it.
    const value = Array.isArray(field) ? field[0] : field;
    if (typeof value !== "string") continue;
    const size = encoder.encode(name).length + encoder.encode(value).length;
    if (bytes + size > DRAFT_MAX_BYTES) continue;
    bytes += size;
    values[name] = value;
  }
  return Object.values(values).some((value) => value.trim() !== "") ? values : null;
}

/**
 * The page a request loads, as the address bar shows it: React Router's own data requests
 * (`/compliment.data?to=9&_routes=…`) ask for the same page as the document request.
 */
export function pageAddress(url: URL): string {
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Keeps a draft for `page` and puts its key in the session (the caller commits it). False
 * when the client network has kept too many lately: the member still goes to sign-in.
 */
export async function keepDraft(
  session: GlowSession,
  page: string,
  values: Record<string, string>,
  clientIp: string,
  now = new Date(),
): Promise<boolean> {
  const room = await hitRateLimit("form-draft", clientNetworkKey(clientIp), DRAFTS_PER_NETWORK, now);
  if (!room.allowed) return false;
  const key = randomBytes(16).toString("base64url");
  // Drafts nobody came back for are swept as new ones arrive.
  await db().delete(formDrafts).where(lt(formDrafts.expiresAt, now));
  await db()
    .insert(formDrafts)
    .values({ key, page, fields: values, createdAt: now, expiresAt: new Date(now.getTime() + DRAFT_MAX_AGE_MS) });
  session.set("draft", { key });
  return true;
}

/**
 * The draft kept for this page, taken out of the table and the session (so it is given
 * back once). A draft for another page stays for the page it belongs to; one too old, or
 * gone, leaves the session. `changed` says whether the session must be written back.
 */
export async function takeDraft(session: GlowSession, page: URL, now = new Date()) {
  const draft = session.get("draft");
  if (!draft) return { values: null, changed: false };
  if (typeof draft.key !== "string") {
    session.unset("draft");
    return { values: null, changed: true };
  }
  const [row] = await db()
    .select({ page: formDrafts.page, expiresAt: formDrafts.expiresAt })
    .from(formDrafts)
    .where(eq(formDrafts.key, draft.key));
  if (!row || row.expiresAt.getTime() <= now.getTime()) {
    if (row) await db().delete(formDrafts).where(eq(formDrafts.key, draft.key));
    session.unset("draft");
    return { values: null, changed: true };
  }
  if (row.page !== pageAddress(page)) return { values: null, changed: false };
  // Taken once, even by two requests at the same moment: only one deletes the row.
  const [taken] = await db()
    .delete(formDrafts)
    .where(and(eq(formDrafts.key, draft.key), eq(formDrafts.page, row.page)))
    .returning({ fields: formDrafts.fields });
  session.unset("draft");
  return { values: taken?.fields ?? null, changed: true };
}
