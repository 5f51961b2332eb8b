/**
 * The one small place where the commands' outcomes take the API's shapes: phone sign-in's
 * (sendSignInCode, checkSignInCode, the same commands /signin calls) with section 3's field
 * names and the API's refusal names, and the creatures as section 3 names them.
 */
import type { RouterContextProvider } from "react-router";
import { env } from "~/platform/env.server";
import type { FieldProblems } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { publicHost } from "~/platform/public-origin.server";
import { requestInfoContext } from "~/platform/request-context";
import type { RefusalAnswer } from "~/platform/respond.server";
import { checkSignInCode, sendSignInCode as sendCode, signInText } from "~/features/auth/index.server";
import { displayPhone } from "~/features/auth";
import type { Creature, OwnedBeamkin } from "~/features/beamkins/index.server";

type Context = Readonly<RouterContextProvider>;

// ───────────── Phone sign-in ─────────────

export type SendCodeRefusal = "invalid-phone" | "rate-limited" | "wrong-codes" | "text-ceiling" | "rejected-number" | "unavailable";

export async function sendSignInCode(
  context: Context,
  phone: string,
): Promise<Outcome<{ id: string; phone: string }, SendCodeRefusal>> {
  const { t } = getInstance(context);
  // Never the request's own host: a forged one would name another site (decision 0503).
  const smsHost = publicHost();
  const sent = await sendCode({
    phone,
    clientIp: context.get(requestInfoContext).clientIp,
    allowedCallingCodes: env().PHONE_COUNTRIES,
    textFor: (code) => signInText(t("auth:sms.body", { code }), smsHost, code),
  });
  if (sent.ok) return done({ id: sent.value.attemptId, phone: displayPhone(sent.value.phone) });
  switch (sent.refusal) {
    case "too-soon":
    case "too-many":
      return refused("rate-limited", { retryAfter: sent.retryAfter });
    case "wrong-codes":
    case "text-ceiling":
      return refused(sent.refusal, { retryAfter: sent.retryAfter });
    default:
      return refused(sent.refusal);
  }
}

export const sendCodeRefusals: Record<SendCodeRefusal, RefusalAnswer> = {
  "invalid-phone": { status: 400, message: "auth:errors.invalidPhone", field: "phone" },
  "rate-limited": { status: 429, message: "api:errors.waitForCode" },
  // After wrong codes the number waits longer (decision 0504).
  "wrong-codes": { status: 429, message: "auth:errors.wrongCodesWait" },
  // The instance's daily ceiling on texts (decision 1160).
  "text-ceiling": { status: 503, message: "auth:errors.textCeiling" },
  // Section 8: 'No account associated with this phone number.'
  "rejected-number": { status: 400, message: "auth:errors.noAccount", field: "phone" },
  unavailable: { status: 503, message: "auth:errors.unavailable" },
};

export type VerifyRefusal = "wrong-code" | "burnt" | "expired" | "suspended";

export async function verifySignInCode(
  request: Request,
  input: { attemptId: string; code: string; previousSid: string | null; fingerprint?: string | null },
): Promise<Outcome<{ memberID: number; sessionid: string; isNew: boolean }, VerifyRefusal>> {
  const checked = await checkSignInCode({
    attemptId: input.attemptId,
    code: input.code.replace(/\D/g, ""),
    previousSid: input.previousSid,
    fingerprint: input.fingerprint ?? null,
    userAgent: request.headers.get("User-Agent"),
  });
  // Too many wrong codes: a new code can be asked for once the back-off ends (0504).
  return checked.ok ? done({ memberID: checked.value.member.id, sessionid: checked.value.sid, isNew: checked.value.isNew }) : checked;
}

export const verifyRefusals: Record<VerifyRefusal, RefusalAnswer> = {
  "wrong-code": { status: 400, message: "auth:errors.wrongCode", field: "code" },
  burnt: { status: 429, message: "auth:errors.burnt" },
  expired: { status: 400, message: "auth:errors.expired" },
  suspended: { status: 403, message: "auth:errors.suspended" },
};

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

export type DetailsRefusal = "username" | "signed-up";

/** A details form refused: the username another member has, or a signup made already. */
export const detailsRefusals: Record<DetailsRefusal, RefusalAnswer> = {
  username: { status: 409, message: "profile:errors.usernameTaken", field: "username" },
  "signed-up": { status: 409, message: "profile:signup.already" },
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
