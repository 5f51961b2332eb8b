import { data } from "react-router";
import type { Route } from "./+types/entry-photo";
import { requireMember } from "~/features/auth/principal.server";
import { entryPhotoFor } from "~/features/contests/photos.server";

/**
 * An entry's photo, for those who may see the entry (its party, the contest's game master
 * and judges; the contest's players once the round is published). Anyone else gets 404,
 * the same as for an entry without a photo, so nothing says whether one exists.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const entryId = /^\d{1,9}$/.test(params.entryId) ? Number(params.entryId) : 0;
  const photo = entryId ? await entryPhotoFor(entryId, { memberId: current.member.id, roles: current.roles }) : null;
  if (!photo) throw data(null, { status: 404 });
  // Private: who may see it depends on the member; the ETag lets a browser keep it until it is replaced.
  const headers = { "Content-Type": photo.contentType, "Cache-Control": "private, no-cache", ETag: photo.etag, "X-Content-Type-Options": "nosniff" };
  if ((request.headers.get("If-None-Match") ?? "").split(",").some((tag) => tag.trim() === photo.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(photo.bytes), { headers: { ...headers, "Content-Length": String(photo.bytes.length) } });
}
