/**
 * The one small place where commands that still answer in their older shapes (a status
 * union, a thrown BeamkinRefusal) become the seam's outcomes for the API. When the lead
 * moves sign-in and the beamkins onto `Outcome`, these shrink to the commands themselves.
 */
import type { RouterContextProvider } from "react-router";
import { env } from "~/platform/env.server";
import type { FieldProblems } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { requestInfoContext } from "~/platform/request-context";
import type { RefusalAnswer } from "~/platform/respond.server";
import { signInText, startPhoneSignIn, verifyPhoneCode } from "~/features/auth/sign-in.server";
import { displayPhone } from "~/features/auth/phone";
import type { Creature, OwnedBeamkin } from "~/features/beamkins/creatures.server";
import { isRefusal, refusalStatus, type RefusalCode } from "~/features/beamkins/errors";

type Context = Readonly<RouterContextProvider>;

// ───────────── Phone sign-in ─────────────

export type SendCodeRefusal = "invalid-phone" | "rate-limited" | "rejected-number" | "unavailable";

export async function sendSignInCode(
  request: Request,
  context: Context,
  phone: string,
): Promise<Outcome<{ id: string; phone: string }, SendCodeRefusal>> {
  const { t } = getInstance(context);
  const smsHost = new URL(env().PUBLIC_ORIGIN ?? request.url).hostname;
  const result = await startPhoneSignIn({
    phone,
    clientIp: context.get(requestInfoContext).clientIp,
    allowedCallingCodes: env().PHONE_COUNTRIES,
    textFor: (code) => signInText(t("auth:sms.body", { code }), smsHost, code),
  });
  switch (result.status) {
    case "sent":
      return done({ id: result.attemptId, phone: displayPhone(result.phone) });
    case "rate-limited":
      return refused("rate-limited", { retryAfter: result.retryAfterSeconds });
    default:
      return refused(result.status);
  }
}

export const sendCodeRefusals: Record<SendCodeRefusal, RefusalAnswer> = {
  "invalid-phone": { status: 400, message: "auth:errors.invalidPhone", field: "phone" },
  "rate-limited": { status: 429, message: "api:errors.waitForCode" },
  // Section 8: 'No account associated with this phone number.'
  "rejected-number": { status: 400, message: "auth:errors.noAccount", field: "phone" },
  unavailable: { status: 503, message: "auth:errors.unavailable" },
};

export type VerifyRefusal = "wrong-code" | "burnt" | "expired" | "suspended";

export async function verifySignInCode(
  request: Request,
  input: { attemptId: string; code: string; previousSid: string | null; fingerprint?: string | null },
): Promise<Outcome<{ memberID: number; sessionid: string; isNew: boolean }, VerifyRefusal>> {
  const result = await verifyPhoneCode({
    attemptId: input.attemptId,
    code: input.code.replace(/\D/g, ""),
    previousSid: input.previousSid,
    userAgent: request.headers.get("User-Agent"),
  });
  switch (result.status) {
    case "signed-in":
      return done({ memberID: result.member.id, sessionid: result.sid, isNew: result.isNew });
    case "wrong-code":
      return refused("wrong-code", { details: { count: result.triesLeft } });
    default:
      return refused(result.status);
  }
}

export const verifyRefusals: Record<VerifyRefusal, RefusalAnswer> = {
  "wrong-code": { status: 400, message: "auth:errors.wrongCode", field: "code" },
  burnt: { status: 429, message: "auth:errors.burnt" },
  expired: { status: 400, message: "auth:errors.expired" },
  suspended: { status: 403, message: "auth:errors.suspended" },
};

// ───────────── Beamkins ─────────────

/** A beamkin command that throws its refusal, as an outcome. */
export async function beamkinOutcome<T>(command: () => Promise<T>): Promise<Outcome<T, RefusalCode>> {
  try {
    return done(await command());
  } catch (error) {
    if (isRefusal(error)) return refused(error.code, { details: error.details, ...(error.code === "chatting-too-fast" ? { retryAfter: (error.details.minutes ?? 1) * 60 } : {}) });
    throw error;
  }
}

/** Every beamkin refusal with its page's status and message. */
export const beamkinRefusals = Object.fromEntries(
  Object.entries(refusalStatus).map(([code, status]) => [code, { status, message: `beamkins:refusals.${code}` }]),
) as Record<RefusalCode, RefusalAnswer>;

// ───────────── Member details ─────────────

const detailMessages: Record<string, string> = {
  firstName: "profile:errors.firstName",
  lastName: "profile:errors.lastName",
  username: "profile:errors.username",
  email: "profile:errors.email",
  zipcode: "profile:errors.zipcode",
  style: "avatar:errors.style",
  seed: "avatar:errors.seed",
};

/** A refused details form says what /profile and /signup say for each field. */
export function withProfileMessages<F extends { ok: false; problems: FieldProblems }>(form: F): F {
  const problems: FieldProblems = {};
  for (const [field, problem] of Object.entries(form.problems)) {
    problems[field] = detailMessages[field] ? { key: detailMessages[field]!, params: { max: 64 } } : problem;
  }
  return { ...form, problems };
}

// ───────────── Creatures as section 3 names them ─────────────

type Translate = (key: string) => string;

/** A catalogue beamkin (with the member's light when it is theirs): ID, Name, ImageURL, Light. */
export function creatureView(t: Translate, creature: Creature, owned: OwnedBeamkin | null) {
  return {
    ID: creature.id,
    Name: t(`beamkins:${creature.name}`),
    ImageURL: creature.imageUrl,
    Light: owned ? owned.light : null,
    Slug: creature.slug,
    Personality: creature.personality,
  };
}

/** One of the member's beamkins. */
export function ownedCreatureView(t: Translate, owned: OwnedBeamkin, activeId: number) {
  return {
    ID: owned.id,
    Name: t(`beamkins:${owned.name}`),
    ImageURL: owned.imageUrl,
    Light: owned.light,
    Slug: owned.slug,
    Personality: owned.personality,
    ObtainedAt: owned.obtainedAt,
    ObtainedVia: owned.obtainedVia,
    Active: owned.id === activeId,
  };
}
