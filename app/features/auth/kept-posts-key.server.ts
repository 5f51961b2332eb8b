/**
 * The key a member's kept posts are filed under on a phone (decision 1180). The page gets
 * it from the root loader and files what it keeps offline under it; a kept post is sent
 * only while the page has the same key, and the server checks it again: a post kept by one
 * member never counts for another who signs in on the same phone.
 *
 * It is opaque: an HMAC of the member's id with a key derived from the master secret, so it
 * says nothing about the member (not the phone number, not the id) and cannot be made for
 * another member without the secret. It is the same in every session of the member, so what
 * waits on a phone is still theirs after they sign out and in again.
 */
import { z } from "zod";
import { deriveSecret } from "~/platform/secrets.server";

/** 22 base64url characters: 132 bits of the HMAC. */
const KEY_LENGTH = 22;

export function keptPostsKey(memberId: number): string {
  return deriveSecret(`kept-posts:${memberId}`).slice(0, KEY_LENGTH);
}

/** The field a kept post carries its owner's key in (absent on a post kept before owners). */
export const KeptForField = z.preprocess((v) => (v === "" ? undefined : v), z.string().max(64).optional());

/** Whether a post was kept by a member other than `memberId` (so must not count for them). */
export function keptByAnother(memberId: number, keptFor: string | undefined): boolean {
  return keptFor !== undefined && keptFor !== keptPostsKey(memberId);
}

/** How a post kept for another member is answered: 403, and the phone keeps it for them. */
export const keptPostRefusals = {
  "kept-for-another": { status: 403, message: "offline:anotherMember" },
} as const;
