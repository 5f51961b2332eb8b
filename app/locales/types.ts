/**
 * The translation keys, typed from the English files (the source of truth): a component's
 * `t` (~/platform/translations) refuses a key that no file has, at the type check.
 */
import type api from "./en/api.json";
import type auth from "./en/auth.json";
import type avatar from "./en/avatar.json";
import type beamkins from "./en/beamkins.json";
import type common from "./en/common.json";
import type contests from "./en/contests.json";
import type errors from "./en/errors.json";
import type guesses from "./en/guesses.json";
import type leaderboard from "./en/leaderboard.json";
import type names from "./en/names.json";
import type newsfeed from "./en/newsfeed.json";
import type offline from "./en/offline.json";
import type parties from "./en/parties.json";
import type profile from "./en/profile.json";
import type quests from "./en/quests.json";
import type salutes from "./en/salutes.json";
import type staff from "./en/staff.json";
import type treasures from "./en/treasures.json";

/** Every namespace: one file each in app/locales/{en,zh}/ (a test checks this list). */
export interface Resources {
  api: typeof api;
  auth: typeof auth;
  avatar: typeof avatar;
  beamkins: typeof beamkins;
  common: typeof common;
  contests: typeof contests;
  errors: typeof errors;
  guesses: typeof guesses;
  leaderboard: typeof leaderboard;
  names: typeof names;
  newsfeed: typeof newsfeed;
  offline: typeof offline;
  parties: typeof parties;
  profile: typeof profile;
  quests: typeof quests;
  salutes: typeof salutes;
  staff: typeof staff;
  treasures: typeof treasures;
}

export type Namespace = keyof Resources;

/** A plural form's key is asked for by its base (`count` picks the form). */
type WithoutPluralForm<K extends string> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : K;

/** The dotted paths in a file: its texts, and the lists and groups asked for whole. */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string
    ? WithoutPluralForm<K>
    : T[K] extends readonly unknown[]
      ? K
      : K | `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key in a namespace (in any of them, for a union), as a lookup in it names it. */
export type KeyIn<N extends Namespace> = N extends Namespace ? Paths<Resources[N]> : never;

/** A key named with its namespace ("auth:header.signIn"), which any lookup may use. */
export type PrefixedKey = { [N in Namespace]: `${N}:${KeyIn<N>}` }[Namespace];

/** The keys a lookup in these namespaces takes: theirs, "common"'s (the fallback), and prefixed ones. */
export type Key<N extends Namespace> = KeyIn<N> | KeyIn<"common"> | PrefixedKey;
