import type { GlowSession } from "~/platform/session.server";

/*
 * A form a member posted after their session ended (docs/decisions/0109). Its typed text is
 * kept in the session cookie (`draft`: the page it was posted from, as pageAddress writes
 * it, when, and the values) while they sign in again, and given back once, by the root
 * loader, to the page they return to. Only that page's address takes it, only within
 * DRAFT_MAX_AGE_MS, and only whole fields that fit the cookie.
 */

export const DRAFT_MAX_AGE_MS = 30 * 60 * 1000;
/** What the cookie can carry with everything else it holds (browsers allow ~4 KB). */
export const DRAFT_MAX_BYTES = 2048;

const encoder = new TextEncoder();

/**
 * The text fields of a posted form, whole, in order, while they fit DRAFT_MAX_BYTES; a
 * field that does not fit is left out rather than cut. Null when nothing was typed or the
 * body cannot be read (a JSON post, a body already read).
 */
export async function readDraftValues(request: Request): Promise<Record<string, string> | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (request.bodyUsed || !/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const values: Record<string, string> = {};
  let bytes = 0;
  for (const [name, value] of form) {
    if (typeof value !== "string" || name in values) continue;
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
 * The draft kept for this page, taken out of the session (so it is given back once). A
 * draft for another page stays for the page it belongs to; one too old is dropped.
 * `changed` says whether the session must be written back.
 */
export function takeDraft(session: GlowSession, page: URL, now = Date.now()) {
  const draft = session.get("draft");
  if (!draft) return { values: null, changed: false };
  if (now - draft.at > DRAFT_MAX_AGE_MS) {
    session.unset("draft");
    return { values: null, changed: true };
  }
  if (draft.path !== pageAddress(page)) return { values: null, changed: false };
  session.unset("draft");
  return { values: draft.values, changed: true };
}
