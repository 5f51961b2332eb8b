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
import type { ErrorType } from "~/platform/errors";
import { memberDetailsSchema } from "~/features/members/index.server";
import { avatarStyles } from "~/features/avatars";
import { CHAT_MESSAGE_MAX, CREATURE_ID_MAX, LIGHT_MAX } from "~/features/beamkins";
import { StaffSignIn } from "~/features/staff/index.server";

// ───────────── Shared pieces ─────────────

/** A member session id, in the body (or the query of a GET). */
const sessionid = z
  .string()
  .max(100)
  .optional()
  .describe("api:fields.memberSessionIdVerifyphonecodeAnswers");

/** A whole number typed or sent: digits only (not "1e2", "0x10" or "1.5"). */
const wholeNumber = (min: number, max: number, description: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,10}$/)])
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .describe(description);

const id = (description: string) => wholeNumber(1, 2_147_483_647, description);

const creatureid = wholeNumber(1, CREATURE_ID_MAX, "api:fields.beamkinIdCatalogueId");

const Creature = z
  .object({
    ID: z.number().int(),
    Name: z.string().describe("api:fields.inReaderLanguage"),
    ImageURL: z.string(),
    Light: z.number().int().min(0).max(100).nullable().describe("api:fields.memberBeamkinLight0100"),
    Slug: z.string(),
    Personality: z.string(),
  })
  .meta({ id: "Creature" });

const OwnedCreature = Creature.extend({
  Light: z.number().int().min(0).max(100),
  ObtainedAt: z.string(),
  ObtainedVia: z.string(),
  Active: z.boolean().describe("api:fields.whetherItIsMemberCompanion"),
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
    Status: z.string().describe("api:fields.activePausedOrEndedActive"),
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
    CreatureID: z.number().int().describe("api:fields.creatureIdNone"),
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
    agentid: z.number().int().nullable().describe("api:fields.agentIdOrNullFor"),
  })
  .meta({ id: "StaffUser" });

// ───────────── The registry ─────────────

export type ApiAuth = "none" | "member" | "staff";

export interface RefusalDoc {
  status: number;
  type: ErrorType;
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
  refusals: RefusalDoc[];
}

const unauthorized: RefusalDoc[] = [
  { status: 401, type: "UNAUTHORIZED", when: "api:refusals.noSessionIdWasGiven" },
  { status: 401, type: "EXPIRED_SESSION", when: "api:refusals.sessionIdGivenIsOver" },
];
const csrf: RefusalDoc = { status: 403, type: "FORBIDDEN", when: "api:refusals.sessionCookieAuthenticatedCallBut" };
const invalid: RefusalDoc = { status: 400, type: "BAD_REQUEST", when: "api:refusals.fieldIsMissingOrWrong" };
const crossOrigin: RefusalDoc = { status: 403, type: "FORBIDDEN", when: "api:refusals.calledFromAnotherOriginThat" };

const memberAuth = (changes: boolean) => (changes ? [...unauthorized, csrf] : unauthorized);

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
    refusals: [
      invalid,
      { status: 401, type: "UNAUTHORIZED", when: "api:refusals.wrongUsernameOrPasswordSame" },
      { status: 429, type: "UNKNOWN_ERROR", when: "api:refusals.tooManyTriesForThis" },
    ],
  }),
  getagentresources: spec({
    id: "getagentresources",
    method: "POST",
    path: "/api/getagentresources",
    group: "older",
    summary: "api:calls.getagentresources",
    auth: "staff",
    changes: false,
    input: z.object({ agentid: id("api:fields.agentIdLoginResultAgentid") }),
    result: z.object({ rows: z.array(AgentResource) }),
    refusals: [invalid, ...unauthorized, { status: 403, type: "FORBIDDEN", when: "api:refusals.anotherAgentResourcesAskedBy" }, { status: 404, type: "NOT_FOUND", when: "api:refusals.noSuchAgent" }],
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
    refusals: [...unauthorized, csrf],
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
    refusals: unauthorized,
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
    result: z.object({ id: z.string().describe("api:fields.loginAttemptIdLoginattemptid"), phone: z.string() }),
    refusals: [
      { status: 400, type: "BAD_REQUEST", when: "api:refusals.notMobileNumberSupportedCountry" },
      { status: 429, type: "UNKNOWN_ERROR", when: "api:refusals.tooManyCodesForThis" },
      { status: 503, type: "RESOURCES_UNAVAILABLE", when: "api:refusals.textCouldNotBeSent" },
      { status: 503, type: "RESOURCES_UNAVAILABLE", when: "api:refusals.textCeilingReached" },
    ],
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
      id: z.string().min(1).max(100).describe("api:fields.loginAttemptIdGetphonecodeAnswered"),
      code: z.string().max(20).describe("api:fields.code"),
      phone: z.string().max(40).describe("api:fields.numberCodeWentTo"),
      creatureID: z.union([z.number(), z.string()]).optional().default(0).describe("api:fields.acceptedForOlderClientDefault"),
      sessionid: sessionid.describe("api:fields.sessionThisDeviceHadIf"),
    }),
    result: z.object({ memberID: z.number().int(), sessionid: z.string(), isNew: z.boolean() }),
    refusals: [
      invalid,
      { status: 400, type: "BAD_REQUEST", when: "api:refusals.wrongCodeTriesLeftIn" },
      { status: 403, type: "FORBIDDEN", when: "api:refusals.memberIsSuspended" },
      { status: 429, type: "UNKNOWN_ERROR", when: "api:refusals.fiveWrongCodesAttemptIs" },
    ],
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
    refusals: unauthorized,
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
    refusals: memberAuth(true),
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
    refusals: [invalid, ...unauthorized],
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
    refusals: [invalid, ...memberAuth(true), { status: 409, type: "UNKNOWN_ERROR", when: "api:refusals.usernameIsTakenOrMember" }],
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
    refusals: [invalid, ...memberAuth(true), { status: 409, type: "UNKNOWN_ERROR", when: "api:refusals.usernameIsTaken" }],
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
      style: z.enum(avatarStyles).optional().describe("api:fields.pixelartDefaultDylanPersonasOr"),
      seed: z.string().max(64).optional(),
      sessionid,
    }),
    result: z.object({ version: z.number().int(), AvatarURL: z.string() }),
    refusals: [invalid, ...memberAuth(true)],
  }),
  getaccount: spec({
    id: "getaccount",
    method: "POST",
    path: "/api/getaccount/",
    group: "member",
    summary: "api:calls.getaccount",
    auth: "member",
    changes: false,
    input: z.object({ id: id("api:fields.memberIdTheirMemberid"), sessionid }),
    result: z.object({
      member: AccountUser,
      user_roles: z.array(z.object({ Role: z.string(), ContestID: z.number().int().nullable(), ContestName: z.string().nullable() })),
      avatar: Character.nullable(),
    }),
    refusals: [invalid, ...unauthorized, { status: 403, type: "FORBIDDEN", when: "api:refusals.anotherMemberAccount" }],
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
      memberid: id("api:fields.memberParties").optional(),
      contestid: id("api:fields.contestParties").optional(),
      zipcode: z.string().trim().min(1).max(10).optional().describe("api:fields.partiesZipcode"),
      sessionid,
    }),
    result: z.object({ parties: z.array(Party) }),
    refusals: [{ status: 400, type: "BAD_REQUEST", when: "api:refusals.anyOtherCombinationMemberidContestid" }, ...unauthorized],
  }),
  getcontests: spec({
    id: "getcontests",
    method: "GET",
    path: "/api/getcontests/",
    group: "member",
    summary: "api:calls.getcontests",
    auth: "member",
    changes: false,
    input: z.object({ memberid: id("api:fields.onlyThisMemberContests").optional(), sessionid }),
    result: z.object({ contests: z.array(Contest) }),
    refusals: [invalid, ...unauthorized],
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
    refusals: [invalid, ...unauthorized, { status: 404, type: "NOT_FOUND", when: "api:refusals.noSuchBeamkin" }],
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
    refusals: unauthorized,
  }),
  getMemberLightByTime: spec({
    id: "getMemberLightByTime",
    method: "GET",
    path: "/api/getMemberLightByTime/",
    group: "creature",
    summary: "api:calls.getMemberLightByTime",
    auth: "member",
    changes: false,
    input: z.object({ time: wholeNumber(1, 3650, "api:fields.daysFromNowBackDefault").optional().default(1), sessionid }),
    result: z.object({ days: z.number().int(), earned: z.number().int(), spent: z.number().int() }),
    refusals: [invalid, ...unauthorized],
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
    refusals: unauthorized,
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
    refusals: [
      invalid,
      ...memberAuth(true),
      { status: 403, type: "FORBIDDEN", when: "api:refusals.notStarterBeamkin" },
      { status: 404, type: "NOT_FOUND", when: "api:refusals.noSuchBeamkin" },
      { status: 409, type: "UNKNOWN_ERROR", when: "api:refusals.alreadyTheirsOrMemberHas" },
    ],
  }),
  giveCreatureLight: spec({
    id: "giveCreatureLight",
    method: "POST",
    path: "/api/giveCreatureLight/",
    group: "creature",
    summary: "api:calls.giveCreatureLight",
    auth: "member",
    changes: true,
    input: z.object({ creatureid, light: wholeNumber(1, LIGHT_MAX, "api:fields.howMuchLight1100"), sessionid }),
    result: z.object({ light: z.number().int().min(0).max(100).describe("api:fields.beamkinLightNow"), balance: z.number().int().min(0).describe("api:fields.memberLightLeft") }),
    refusals: [
      invalid,
      ...memberAuth(true),
      { status: 403, type: "FORBIDDEN", when: "api:refusals.notTheirBeamkin" },
      { status: 404, type: "NOT_FOUND", when: "api:refusals.noSuchBeamkin" },
      { status: 409, type: "UNKNOWN_ERROR", when: "api:refusals.notEnoughLightOrIt" },
    ],
  }),
  getCreatureChatHistory: spec({
    id: "getCreatureChatHistory",
    method: "GET",
    path: "/api/getCreatureChatHistory/",
    group: "creature",
    summary: "api:calls.getCreatureChatHistory",
    auth: "member",
    changes: false,
    input: z.object({ creatureid: wholeNumber(0, CREATURE_ID_MAX, "api:fields.beamkinTheirs0ForChat").optional(), sessionid }),
    result: z.object({ messages: z.array(ChatMessage) }),
    refusals: [invalid, ...unauthorized, { status: 403, type: "FORBIDDEN", when: "api:refusals.notTheirBeamkin" }, { status: 404, type: "NOT_FOUND", when: "api:refusals.noSuchBeamkin" }],
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
      creatureid: wholeNumber(0, CREATURE_ID_MAX, "api:fields.beamkinTheirsAbsentOr0").optional(),
      chatmessage: z.string().max(CHAT_MESSAGE_MAX * 2).optional().describe("api:fields.whatMemberSaysWithCreatureid"),
      message: z.string().max(CHAT_MESSAGE_MAX * 2).optional().describe("api:fields.whatMemberSaysChatWithout"),
      sessionid,
    }),
    result: z.object({
      creaturemessage: z.string(),
      new_light: z.number().int().min(0).max(100).nullable().describe("api:fields.beamkinLightAfterMessageNull"),
      repeat: z.literal(true).optional().describe("api:fields.sameWordsWereJustSent"),
    }),
    refusals: [
      invalid,
      ...memberAuth(true),
      { status: 403, type: "FORBIDDEN", when: "api:refusals.notTheirBeamkin" },
      { status: 404, type: "NOT_FOUND", when: "api:refusals.noSuchBeamkin" },
      { status: 429, type: "UNKNOWN_ERROR", when: "api:refusals.tooManyMessagesThisHour" },
    ],
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
    refusals: [{ status: 404, type: "NOT_FOUND", when: "api:refusals.noSuchLanguageOrNamespace" }],
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
    refusals: [invalid],
  }),
} satisfies Record<string, ApiCallSpec>;

export type ApiCallId = keyof typeof apiCalls;

/** Refusals every call may give (the server's own). */
export const commonRefusals: RefusalDoc[] = [
  crossOrigin,
  { status: 503, type: "RESOURCES_UNAVAILABLE", when: "api:refusals.databaseCannotBeReachedJust" },
];
