/**
 * Every call of section 7 under /api: its method and path, who may make it, what it takes
 * and what its `result` holds, as zod schemas. The routes parse with these schemas, the
 * contract tests check answers against them, and the OpenAPI document (openapi.server.ts)
 * and the reference page are generated from them, so the three cannot drift apart.
 *
 * Request schemas reuse the pages' own where there is one (the staff sign-in, the member
 * details, the beamkins' numbers), so a call takes exactly what the page's form takes.
 */
import { z } from "zod";
import { errorTypeForStatus, type ErrorType } from "~/platform/errors";
import type { RefusalAnswer } from "~/platform/respond.server";
import { memberDetailsSchema } from "~/features/members/index.server";
import { avatarStyles } from "~/features/avatars";
import { beamkinRefusals, CHAT_MESSAGE_MAX, CREATURE_ID_MAX, LIGHT_MAX } from "~/features/beamkins";
import { StaffSignIn, staffSignInRefusals } from "~/features/staff/index.server";
import { detailsRefusals, sendCodeRefusals, verifyRefusals } from "./adapters.server";

// ───────────── Shared pieces ─────────────

/** A member session id, in the body (or the query of a GET). */
const sessionid = z
  .string()
  .max(100)
  .optional()
  .describe("api:fields.sessionid");

/**
 * A whole number typed or sent: digits only (not "1e2", "0x10" or "1.5"). Out of range, the
 * refusal names the range ("Give a whole number from 1 to 100."), not a text's "This is too
 * long." (issue 40): the check that says so stops the bare bounds after it from speaking.
 */
const wholeNumber = (min: number, max: number, description: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,10}$/)])
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .refine((n) => n >= min && n <= max, { error: "errors:validation.between", params: { min, max }, abort: true })
        .min(min)
        .max(max),
    )
    .describe(description);

const id = (description: string) => wholeNumber(1, 2_147_483_647, description);

const creatureid = wholeNumber(1, CREATURE_ID_MAX, "api:fields.creatureid");

const Creature = z
  .object({
    ID: z.number().int(),
    Name: z.string().describe("api:fields.nameInReadersLanguage"),
    ImageURL: z.string(),
    Light: z.number().int().min(0).max(100).nullable().describe("api:fields.creatureLight"),
    Slug: z.string(),
    Personality: z.string(),
  })
  .meta({ id: "Creature" });

const OwnedCreature = Creature.extend({
  Light: z.number().int().min(0).max(100),
  ObtainedAt: z.string(),
  ObtainedVia: z.string(),
  Active: z.boolean().describe("api:fields.creatureActive"),
}).meta({ id: "OwnedCreature" });

const ChatMessage = z
  .object({
    ID: z.number().int(),
    Content: z.string(),
    Role: z.enum(["assistant", "user"]),
    Timestamp: z.string(),
  })
  .meta({ id: "ChatMessage" });

const Party = z
  .object({
    PartyID: z.number().int(),
    Name: z.string(),
    ContestID: z.number().int().nullable(),
    ContestName: z.string().nullable(),
    Zipcode: z.string().nullable(),
    RingleaderID: z.number().int().nullable(),
    Ringleader: z.string().nullable(),
    MemberCount: z.number().int(),
  })
  .meta({ id: "Party" });

const Contest = z
  .object({
    ContestID: z.number().int(),
    Name: z.string(),
    Description: z.string(),
    Status: z.string().describe("api:fields.contestStatus"),
    StartsAt: z.string().nullable(),
    EndsAt: z.string().nullable(),
    GameMasterID: z.number().int().nullable(),
  })
  .meta({ id: "Contest" });

const nullableText = z.string().nullable();

const AccountUser = z
  .object({
    AvatarURL: z.string(),
    ClientID: nullableText,
    Email: nullableText,
    FirstName: nullableText,
    Joined: z.string(),
    LastName: nullableText,
    LastScore: z.number().int(),
    MemberID: z.number().int(),
    Notes: nullableText,
    Phone: z.string(),
    RecruitedBy: z.number().int().nullable(),
    SellerID: nullableText,
    Status: z.string(),
    Type: z.string(),
    Username: nullableText,
    Zipcode: nullableText,
    PrevContest: z.number().int().nullable(),
    CreatureID: z.number().int().describe("api:fields.companionId"),
  })
  .meta({ id: "User" });

const Character = z
  .object({
    Style: z.string(),
    Seed: z.string(),
    ...Object.fromEntries(
      [
        "Body", "BackgroundColor", "Beard", "Clothing", "ClothingColor", "Eyes", "Glasses", "Hair", "HairColor",
        "Mouth", "FacialHair", "Mood", "Eyebrows", "Freckles", "Head", "Nose", "SkinColor",
      ].map((field) => [field, nullableText]),
    ),
  })
  .meta({ id: "Character" });

const AgentResource = z.object({ id: z.number().int(), name: z.string(), url: z.string() }).meta({ id: "AgentResource" });

const StaffUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    is_admin: z.number().int().min(0).max(1).describe("api:fields.isAdmin"),
    agentid: z.number().int().nullable().describe("api:fields.staffAgentid"),
  })
  .meta({ id: "StaffUser" });

// ───────────── The registry ─────────────

export type ApiAuth = "none" | "member" | "staff";

export interface RefusalDoc {
  status: number;
  type: ErrorType;
  /** When it is answered: a translation key (a refusal's own message, or the API's words for a check). */
  when: string;
}

export interface ApiCallSpec {
  id: string;
  method: "GET" | "POST";
  /** Other methods it answers too (GET /api/logout also takes a POST). */
  alsoMethods?: ("GET" | "POST")[];
  path: string;
  group: "older" | "member" | "creature" | "translations";
  summary: string;
  auth: ApiAuth;
  /** Changes something: a cookie caller must send the CSRF header. */
  changes: boolean;
  input: z.ZodType;
  result: z.ZodType;
  /** The refusals of what the call does (its command's); `everyRefusalOf` adds the checks every call makes. */
  refusals: RefusalDoc[];
}

/**
 * The docs of refusals as the responder answers them: the named entries of a refusal map
 * (every entry when none is named) with their status, the catalogue's type for it and their
 * own message as the "when". A call's docs are read off the very maps its route answers with,
 * so the reference cannot promise a refusal the call does not give, or miss one it does.
 */
export function refusalsIn<R extends string>(map: Record<R, RefusalAnswer>, ...names: R[]): RefusalDoc[] {
  return (names.length ? names : (Object.keys(map) as R[])).map((name) => ({
    status: map[name].status,
    type: errorTypeForStatus(map[name].status),
    when: map[name].message,
  }));
}

/** The API's own refusals: a call's checks that are no command's (refuseCall answers them). */
export const callRefusals = {
  "not-your-account": { status: 403, message: "api:errors.notYourAccount" },
  "no-account": { status: 404, message: "errors:types.NOT_FOUND.message" },
  "not-your-agent": { status: 403, message: "api:errors.notYourAgent" },
  "no-such-agent": { status: 404, message: "staff:errors.noSuchAgent" },
  "party-filters": { status: 400, message: "api:errors.partyFilters" },
} as const satisfies Record<string, RefusalAnswer>;

/** A check's refusal, described in the API's own words (`api:refusals.<key>`). */
const check = (status: number, key: string, type: ErrorType = errorTypeForStatus(status)): RefusalDoc => ({ status, type, when: `api:refusals.${key}` });

/** What every call may answer besides its command's refusals, as `everyRefusalOf` lists them. */
const checks = {
  invalidFields: check(400, "invalidFields"),
  unreadableBody: check(400, "unreadableBody"),
  noSession: check(401, "noSession"),
  sessionOver: check(401, "sessionOver", "EXPIRED_SESSION"),
  csrf: check(403, "csrf"),
  crossOrigin: check(403, "crossOrigin"),
  wrongMethod: check(405, "wrongMethod"),
  bodyWithoutLength: check(411, "bodyWithoutLength"),
  bodyTooLarge: check(413, "bodyTooLarge"),
  unforeseen: check(500, "unforeseen"),
  databaseAway: check(503, "databaseAway"),
};

/** Whether a call reads fields (a schema with members, or any members at all). */
function readsFields(call: ApiCallSpec): boolean {
  const shape = (call.input as { shape?: Record<string, unknown> }).shape;
  return shape === undefined || Object.keys(shape).length > 0;
}

/**
 * Every refusal a call can answer, in status order: the checks of the API's handler
 * (features/api/route.server.ts: an unreadable body, fields that do not parse, the caller,
 * the CSRF header, a method it does not take), the shell's (server/app.ts: a body too large
 * or without a length, another origin), its command's, and what no call plans for (the
 * database away, a failure that is logged).
 */
export function everyRefusalOf(call: ApiCallSpec): RefusalDoc[] {
  const methods = [call.method, ...(call.alsoMethods ?? [])];
  const takesBody = methods.includes("POST");
  const all = [
    ...(takesBody ? [checks.unreadableBody] : []),
    ...(readsFields(call) ? [checks.invalidFields] : []),
    ...(call.auth === "none" ? [] : [checks.noSession, checks.sessionOver]),
    ...(call.auth !== "none" && call.changes ? [checks.csrf] : []),
    ...call.refusals,
    checks.crossOrigin,
    checks.wrongMethod,
    ...(takesBody ? [checks.bodyWithoutLength, checks.bodyTooLarge] : []),
    checks.unforeseen,
    checks.databaseAway,
  ];
  return all.sort((a, b) => a.status - b.status);
}

const spec = <S extends ApiCallSpec>(call: S) => call;

export const apiCalls = {
  // ── Older flow (staff) ──
  login: spec({
    id: "login",
    method: "POST",
    path: "/api/login",
    group: "older",
    summary: "api:calls.login",
    auth: "none",
    changes: false,
    input: StaffSignIn,
    result: z.object({
      sessionid: z.string(),
      is_admin: z.number().int().min(0).max(1),
      agentid: z.number().int().nullable(),
      session: z.object({ username: z.string(), expiresAt: z.string() }),
    }),
    refusals: refusalsIn(staffSignInRefusals),
  }),
  getagentresources: spec({
    id: "getagentresources",
    method: "POST",
    path: "/api/getagentresources",
    group: "older",
    summary: "api:calls.getagentresources",
    auth: "staff",
    changes: false,
    input: z.object({ agentid: id("api:fields.agentid") }),
    result: z.object({ rows: z.array(AgentResource) }),
    refusals: refusalsIn(callRefusals, "not-your-agent", "no-such-agent"),
  }),
  logout: spec({
    id: "logout",
    method: "GET",
    alsoMethods: ["POST"],
    path: "/api/logout",
    group: "older",
    summary: "api:calls.logout",
    auth: "staff",
    changes: true,
    input: z.object({}),
    result: z.object({ loggedOut: z.literal(true) }),
    refusals: [],
  }),
  getuser: spec({
    id: "getuser",
    method: "GET",
    path: "/api/getuser",
    group: "older",
    summary: "api:calls.getuser",
    auth: "staff",
    changes: false,
    input: z.object({}),
    result: StaffUser,
    refusals: [],
  }),

  // ── Member calls ──
  getphonecode: spec({
    id: "getphonecode",
    method: "POST",
    path: "/api/getphonecode/",
    group: "member",
    summary: "api:calls.getphonecode",
    auth: "none",
    changes: false,
    input: z.object({
      phone: z.string().max(40).describe("api:fields.phone"),
      sessionid,
    }),
    result: z.object({ id: z.string().describe("api:fields.loginAttemptId"), phone: z.string() }),
    refusals: refusalsIn(sendCodeRefusals),
  }),
  verifyphonecode: spec({
    id: "verifyphonecode",
    method: "POST",
    path: "/api/verifyphonecode/",
    group: "member",
    summary: "api:calls.verifyphonecode",
    auth: "none",
    changes: false,
    input: z.object({
      id: z.string().min(1).max(100).describe("api:fields.verifyAttemptId"),
      code: z.string().max(20).describe("api:fields.code"),
      phone: z.string().max(40).describe("api:fields.verifyPhone"),
      creatureID: z.union([z.number(), z.string()]).optional().default(0).describe("api:fields.verifyCreatureID"),
      sessionid: sessionid.describe("api:fields.verifySessionid"),
    }),
    result: z.object({ memberID: z.number().int(), sessionid: z.string(), isNew: z.boolean() }),
    refusals: refusalsIn(verifyRefusals),
  }),
  autosignin: spec({
    id: "autosignin",
    method: "GET",
    path: "/api/autosignin/",
    group: "member",
    summary: "api:calls.autosignin",
    auth: "member",
    changes: false,
    input: z.object({ sessionid }),
    result: z.object({ memberID: z.number().int() }),
    refusals: [],
  }),
  signout: spec({
    id: "signout",
    method: "POST",
    path: "/api/signout/",
    group: "member",
    summary: "api:calls.signout",
    auth: "member",
    changes: true,
    input: z.object({ sessionid }),
    result: z.object({ signedOut: z.literal(true) }),
    refusals: [],
  }),
  sessionvalidation: spec({
    id: "sessionvalidation",
    method: "POST",
    path: "/api/sessionvalidation/",
    group: "member",
    summary: "api:calls.sessionvalidation",
    auth: "member",
    changes: false,
    input: z.object({ fingerprint: z.string().max(200).nullish(), sessionid }),
    result: z.object({ sessionid: z.string(), memberID: z.number().int() }),
    refusals: [],
  }),
  signup: spec({
    id: "signup",
    method: "POST",
    path: "/api/signup/",
    group: "member",
    summary: "api:calls.signup",
    auth: "member",
    changes: true,
    input: memberDetailsSchema.extend({
      style: z.enum(avatarStyles).default("pixelArt"),
      seed: z.string().max(64).optional(),
      sessionid,
    }),
    result: z.object({ memberID: z.number().int(), accessLevel: z.literal(2) }),
    refusals: refusalsIn(detailsRefusals),
  }),
  updatemember: spec({
    id: "updatemember",
    method: "POST",
    path: "/api/updatemember/",
    group: "member",
    summary: "api:calls.updatemember",
    auth: "member",
    changes: true,
    input: memberDetailsSchema.extend({ sessionid }),
    result: z.object({ memberID: z.number().int() }),
    refusals: refusalsIn(detailsRefusals, "username"),
  }),
  updateavatar: spec({
    id: "updateavatar",
    method: "POST",
    path: "/api/updateavatar/",
    group: "member",
    summary: "api:calls.updateavatar",
    auth: "member",
    changes: true,
    input: z.looseObject({
      style: z.enum(avatarStyles).optional().describe("api:fields.avatarStyle"),
      seed: z.string().max(64).optional(),
      sessionid,
    }),
    result: z.object({ version: z.number().int(), AvatarURL: z.string() }),
    refusals: [],
  }),
  getaccount: spec({
    id: "getaccount",
    method: "POST",
    path: "/api/getaccount/",
    group: "member",
    summary: "api:calls.getaccount",
    auth: "member",
    changes: false,
    input: z.object({ id: id("api:fields.accountId"), sessionid }),
    result: z.object({
      member: AccountUser,
      user_roles: z.array(z.object({ Role: z.string(), ContestID: z.number().int().nullable(), ContestName: z.string().nullable() })),
      avatar: Character.nullable(),
    }),
    refusals: refusalsIn(callRefusals, "not-your-account", "no-account"),
  }),
  getparties: spec({
    id: "getparties",
    method: "GET",
    path: "/api/getparties/",
    group: "member",
    summary: "api:calls.getparties",
    auth: "member",
    changes: false,
    input: z.object({
      memberid: id("api:fields.partiesMemberid").optional(),
      contestid: id("api:fields.partiesContestid").optional(),
      zipcode: z.string().trim().min(1).max(10).optional().describe("api:fields.partiesZipcode"),
      sessionid,
    }),
    result: z.object({ parties: z.array(Party) }),
    refusals: refusalsIn(callRefusals, "party-filters"),
  }),
  getcontests: spec({
    id: "getcontests",
    method: "GET",
    path: "/api/getcontests/",
    group: "member",
    summary: "api:calls.getcontests",
    auth: "member",
    changes: false,
    input: z.object({ memberid: id("api:fields.contestsMemberid").optional(), sessionid }),
    result: z.object({ contests: z.array(Contest) }),
    refusals: [],
  }),

  // ── Creature calls ──
  getCreature: spec({
    id: "getCreature",
    method: "GET",
    path: "/api/getCreature/",
    group: "creature",
    summary: "api:calls.getCreature",
    auth: "member",
    changes: false,
    input: z.object({ creatureid, sessionid }),
    result: z.object({ creature: Creature }),
    refusals: refusalsIn(beamkinRefusals, "unknown-creature"),
  }),
  getMemberLight: spec({
    id: "getMemberLight",
    method: "GET",
    path: "/api/getMemberLight/",
    group: "creature",
    summary: "api:calls.getMemberLight",
    auth: "member",
    changes: false,
    input: z.object({ sessionid }),
    result: z.object({ light: z.number().int().min(0) }),
    refusals: [],
  }),
  getMemberLightByTime: spec({
    id: "getMemberLightByTime",
    method: "GET",
    path: "/api/getMemberLightByTime/",
    group: "creature",
    summary: "api:calls.getMemberLightByTime",
    auth: "member",
    changes: false,
    input: z.object({ time: wholeNumber(1, 3650, "api:fields.lightDays").optional().default(1), sessionid }),
    result: z.object({ days: z.number().int(), earned: z.number().int(), spent: z.number().int() }),
    refusals: [],
  }),
  getMemberCreatures: spec({
    id: "getMemberCreatures",
    method: "GET",
    path: "/api/getMemberCreatures/",
    group: "creature",
    summary: "api:calls.getMemberCreatures",
    auth: "member",
    changes: false,
    input: z.object({ sessionid }),
    result: z.object({ creatures: z.array(OwnedCreature) }),
    refusals: [],
  }),
  obtaincreature: spec({
    id: "obtaincreature",
    method: "POST",
    path: "/api/obtaincreature/",
    group: "creature",
    summary: "api:calls.obtaincreature",
    auth: "member",
    changes: true,
    input: z.object({ creatureid, sessionid }),
    result: z.object({ creature: OwnedCreature }),
    refusals: refusalsIn(beamkinRefusals, "unknown-creature", "not-a-starter", "already-yours", "has-beamkin"),
  }),
  giveCreatureLight: spec({
    id: "giveCreatureLight",
    method: "POST",
    path: "/api/giveCreatureLight/",
    group: "creature",
    summary: "api:calls.giveCreatureLight",
    auth: "member",
    changes: true,
    input: z.object({ creatureid, light: wholeNumber(1, LIGHT_MAX, "api:fields.lightToGive"), sessionid }),
    result: z.object({ light: z.number().int().min(0).max(100).describe("api:fields.creatureLightAfterGiving"), balance: z.number().int().min(0).describe("api:fields.balanceAfterGiving") }),
    refusals: refusalsIn(beamkinRefusals, "unknown-creature", "not-yours", "invalid-amount", "not-enough-light", "too-bright"),
  }),
  getCreatureChatHistory: spec({
    id: "getCreatureChatHistory",
    method: "GET",
    path: "/api/getCreatureChatHistory/",
    group: "creature",
    summary: "api:calls.getCreatureChatHistory",
    auth: "member",
    changes: false,
    input: z.object({ creatureid: wholeNumber(0, CREATURE_ID_MAX, "api:fields.historyCreatureid").optional(), sessionid }),
    result: z.object({ messages: z.array(ChatMessage) }),
    refusals: refusalsIn(beamkinRefusals, "unknown-creature", "not-yours"),
  }),
  creaturechatmessage: spec({
    id: "creaturechatmessage",
    method: "POST",
    path: "/api/creaturechatmessage/",
    group: "creature",
    summary: "api:calls.creaturechatmessage",
    auth: "member",
    changes: true,
    input: z.object({
      creatureid: wholeNumber(0, CREATURE_ID_MAX, "api:fields.chatCreatureid").optional(),
      chatmessage: z.string().max(CHAT_MESSAGE_MAX * 2).optional().describe("api:fields.chatmessage"),
      message: z.string().max(CHAT_MESSAGE_MAX * 2).optional().describe("api:fields.chatMessageWithoutCreature"),
      sessionid,
    }),
    result: z.object({
      creaturemessage: z.string(),
      new_light: z.number().int().min(0).max(100).nullable().describe("api:fields.chatNewLight"),
      repeat: z.literal(true).optional().describe("api:fields.chatRepeat"),
    }),
    refusals: refusalsIn(beamkinRefusals, "unknown-creature", "not-yours", "empty-message", "message-too-long", "chatting-too-fast"),
  }),

  // ── Translations (answered by the same modules as /locales) ──
  locales: spec({
    id: "locales",
    method: "GET",
    path: "/api/locales/{lng}/{ns}.json",
    group: "translations",
    summary: "api:calls.locales",
    auth: "none",
    changes: false,
    input: z.object({}),
    result: z.record(z.string(), z.unknown()),
    refusals: [check(404, "noSuchTranslation")],
  }),
  localesAdd: spec({
    id: "localesAdd",
    method: "POST",
    path: "/api/locales/add/{lng}/{ns}",
    group: "translations",
    summary: "api:calls.localesAdd",
    auth: "none",
    changes: false,
    input: z.record(z.string(), z.string()),
    result: z.unknown(),
    refusals: [check(404, "notInProduction")],
  }),
} satisfies Record<string, ApiCallSpec>;

export type ApiCallId = keyof typeof apiCalls;
