/**
 * The /signin screen's server side: what the page shows (from the session cookie and the
 * server's clock) and what its three forms do (send a code, verify it, start over), each
 * through the action seam: parseForm → sendSignInCode / checkSignInCode → respond. The
 * /register screen's first two steps are the same code, on its own address (decision 0516).
 */
import { redirect, type RouterContextProvider, href } from "react-router";
import { z } from "zod";
import { consentCookie, readConsent } from "~/platform/cookies.server";
import { env } from "~/platform/env.server";
import { parseInput, readInput, type FormValues } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { publicHost } from "~/platform/public-origin.server";
import { requestInfoContext } from "~/platform/request-context";
import { invalid, respond, type ActionArgs, type RefusalAnswer } from "~/platform/respond.server";
import { commitSession, getSession } from "~/platform/session.server";
import { arrivalKind, DEFAULT_AFTER_SIGN_IN, destinationAfterSignIn } from "./arrival";
import { displayPhone, digitsOf } from "./phone";
import { CODE_TEXT_MAX, COOKIES_REFUSAL, PHONE_TEXT_MAX, SEND_ACCEPTING_COOKIES, TYPED_ECHO_MAX } from "./sign-in-answer";
import { checkSignInCode, countdownEndsAt, sendSignInCode, signInText, type CheckCodeRefusal, type SendCodeRefusal } from "./sign-in.server";
import { signedInCookies } from "./session-store.server";
import { EXPIRED_PARAM, SIGNED_OUT_PARAM } from "./sign-in-return.server";
import { findSessionMember, roleFlags, currentMember } from "./principal.server";

type Context = Readonly<RouterContextProvider>;

/** Where the signed-in member lands when nothing else is asked: a newcomer makes their profile. */
const NEW_MEMBER_LANDING = href("/signup");
/** A game master's screen (the spec's section 2 and 6). */
const GAME_MASTER_LANDING = href("/gamemaster");
/** A code step older than this is forgotten (the attempt is long expired by then). */
const FORGET_ATTEMPT_AFTER_MS = 60 * 60 * 1000;

/** The screens that sign a member in by phone: /signin, and /register's first steps. */
export type SignInPage = "/signin" | "/register";

export async function loadSignInPage(request: Request, context: Context, page: SignInPage = "/signin") {
  const url = new URL(request.url);
  const current = await currentMember(context);
  if (current) throw redirect(destinationAfterSignIn(url.searchParams, url.origin) ?? DEFAULT_AFTER_SIGN_IN);
  const session = await getSession(request);
  const attempt = session.get("loginAttempt");
  const now = Date.now();
  const live = attempt && now - attempt.sentAt < FORGET_ATTEMPT_AFTER_MS ? attempt : null;
  // When the countdown ends: the number's next code, or later when a wrong code restarted it.
  const resendAt = live ? (await countdownEndsAt(live.phone, live.sentAt, new Date(now))).getTime() : null;
  const { t } = getInstance(context);
  return {
    title: t(page === "/register" ? "auth:register.title" : "auth:signin.title"),
    arrival: arrivalKind(url.searchParams),
    // A form was posted after the session ended (see signInUrl): the catalogue's message,
    // or, when this browser signed out meanwhile (another tab), that it did.
    expired:
      url.searchParams.get(SIGNED_OUT_PARAM) === "1"
        ? t("auth:signin.signedOutElsewhere")
        : url.searchParams.get(EXPIRED_PARAM) === "1"
          ? t("errors:types.EXPIRED_SESSION.message")
          : null,
    attempt: live ? { phone: displayPhone(live.phone), sentAt: live.sentAt, resendAt: resendAt! } : null,
    now,
  };
}

/**
 * The headers of a sign-in page's answer: a refused send's Retry-After, and the cookie
 * consent given with a send that was then refused (a wrong number), reach the browser,
 * with JavaScript (data request) and without.
 */
export function signInPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  for (const cookie of actionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * The honeypot: a field people never see, named to tempt form-filling bots. Anything in
 * it, however long, is a bot's: kept short, and never a reason to refuse.
 */
const honeypot = z
  .unknown()
  .transform((v) => (typeof v === "string" ? v.slice(0, 200) : undefined))
  .optional();

/** The page's forms, by their button's intent; messages are `auth:` translation keys. */
const SignInForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("restart") }),
    z.object({
      intent: z.enum(["send", SEND_ACCEPTING_COOKIES]),
      // Anything but text (a file) is not a number; an empty one is refused by the command.
      phone: z.string({ error: "auth:errors.invalidPhone" }).max(PHONE_TEXT_MAX, { error: "auth:errors.phoneTooLong" }).default(""),
      website: honeypot,
    }),
    z.object({ intent: z.literal("resend") }),
    z.object({
      intent: z.literal("verify"),
      code: z
        .string({ error: "auth:errors.codeFormat" })
        .max(CODE_TEXT_MAX, { error: "auth:errors.codeFormat" })
        .transform((v) => digitsOf(v))
        .pipe(z.string().regex(/^\d{6}$/, { error: "auth:errors.codeFormat" })),
      fingerprint: z
        .unknown()
        .transform((v) => (typeof v === "string" ? v : null))
        .optional(),
    }),
  ],
  { error: "errors:types.BAD_REQUEST.message" },
);

type SignInRefusal = SendCodeRefusal | CheckCodeRefusal | typeof COOKIES_REFUSAL | "no-attempt";

/** A limit's message names its wait in seconds up to two minutes, in minutes after. */
const limit = (retryAfter = 0): RefusalAnswer => ({
  status: 429,
  message: retryAfter <= 120 ? "auth:errors.waitSeconds" : "auth:errors.waitMinutes",
});

/** How each refusal is answered; a limit's message depends on its wait. */
function signInRefusals(retryAfter?: number): Record<SignInRefusal, RefusalAnswer> {
  return {
    [COOKIES_REFUSAL]: { status: 403, message: "auth:errors.cookiesNotAccepted", toast: "auth:toast.acceptCookies" },
    "no-attempt": { status: 400, message: "auth:errors.noAttempt" },
    "invalid-phone": { status: 400, message: "auth:errors.invalidPhone", field: "phone" },
    "rejected-number": { status: 400, message: "auth:errors.noAccount", field: "phone" },
    "too-soon": limit(retryAfter),
    "too-many": limit(retryAfter),
    "wrong-codes": { status: 429, message: "auth:errors.wrongCodesWait" },
    // The instance's daily ceiling on texts: the service's, not the member's doing (1160).
    "text-ceiling": { status: 503, message: "auth:errors.textCeiling" },
    unavailable: { status: 503, message: "auth:errors.unavailable" },
    "wrong-code": { status: 400, message: "auth:errors.wrongCode", field: "code" },
    // Too many wrong codes is a rate limit (429), until the back-off ends; the code goes.
    burnt: { status: 429, message: "auth:errors.burnt", clear: ["code"] },
    expired: { status: 400, message: "auth:errors.expired", clear: ["code"] },
    // The right code, for a member staff suspended: no session; the code goes.
    suspended: { status: 403, message: "auth:errors.suspended", clear: ["code"] },
  };
}

/**
 * What the page shows again: the button's intent and the named fields as typed, cut to
 * TYPED_ECHO_MAX characters (a file, or nothing, shows as an empty field).
 */
function shown(typed: FormValues, ...fields: ("phone" | "code")[]): FormValues {
  const values: FormValues = typed.intent === undefined ? {} : { intent: typed.intent };
  for (const field of fields) values[field] = (typed[field] ?? "").slice(0, TYPED_ECHO_MAX);
  return values;
}

export async function handleSignInPost(args: ActionArgs, page: SignInPage = "/signin") {
  return answerSignInForm(args, await readInput(args.request), page);
}

/**
 * A sign-in form's post, its fields already read (`readInput`; null when the body was not
 * a form): /register reads them once to tell its own last step from sign-in's.
 */
export async function answerSignInForm(args: ActionArgs, input: Record<string, unknown> | null, page: SignInPage) {
  const { request, context } = args;
  const url = new URL(request.url);
  const here = `${page}${url.search}`;
  const form = parseInput(input, SignInForm);
  const typed = form.values;
  // 'Accept cookies and send the code', offered after a send was refused for cookies: the
  // typed number goes on in the same post (without JavaScript, accepting in the banner
  // reloads the page and loses it). The consent goes with every answer to it.
  const acceptsCookies = typed.intent === SEND_ACCEPTING_COOKIES;
  const intent = acceptsCookies ? "send" : typed.intent;
  const headers = acceptsCookies ? { "Set-Cookie": await consentCookie.serialize("yes") } : undefined;
  // The page's forms say when it runs JavaScript (it then shows a refusal's toast itself).
  const answering = { headers, enhanced: typed.enhanced === "1" };
  /** For a refusal the action makes itself, before any command. */
  const own = { ...answering, refusals: signInRefusals(), done: () => ({}) };
  const session = await getSession(request);

  if (intent === "restart") {
    session.unset("loginAttempt");
    return respond(args, done(await commitSession(session)), {
      refusals: {},
      done: (cookie) => ({ redirectTo: here, headers: { "Set-Cookie": cookie }, result: null }),
    });
  }
  // No such button (an intent the schema does not know, or a file): 400.
  if (intent !== "send" && intent !== "resend" && intent !== "verify") {
    return invalid(args, { ok: false, values: shown(typed), problems: form.ok ? {} : form.problems }, answering);
  }
  if (!acceptsCookies && (await readConsent(request)) !== "yes") {
    return respond(args, refused(COOKIES_REFUSAL), { ...own, values: shown(typed, "phone", "code") });
  }

  if (intent === "send" || intent === "resend") {
    // A resend goes to the number of the sign-in in progress; without one there is nothing to resend.
    const inProgress = session.get("loginAttempt")?.phone;
    if (intent === "resend" && !inProgress) {
      return respond(args, refused("no-attempt"), { ...own, values: shown(typed) });
    }
    // The only way the send form fails: a phone longer than the field takes (or not text).
    if (!form.ok) return invalid(args, { ...form, values: shown(typed, "phone") }, answering);
    const typedPhone = "phone" in form.data ? form.data : null;
    // Never the request's own host: a forged one would name another site (0503).
    const smsHost = publicHost();
    const { t } = getInstance(context);
    const sent = await sendSignInCode({
      phone: intent === "resend" ? inProgress! : (typedPhone?.phone ?? ""),
      honeypot: typedPhone?.website,
      clientIp: context.get(requestInfoContext).clientIp,
      allowedCallingCodes: env().PHONE_COUNTRIES,
      textFor: (code) => signInText(t("auth:sms.body", { code }), smsHost, code),
    });
    if (sent.ok) session.set("loginAttempt", { id: sent.value.attemptId, phone: sent.value.phone, sentAt: sent.value.sentAt.getTime() });
    const cookie = sent.ok ? await commitSession(session) : null;
    return respond(args, sent, {
      ...answering,
      values: shown(typed, "phone"),
      refusals: signInRefusals(sent.ok ? undefined : sent.retryAfter),
      done: (code, tr) => ({
        redirectTo: here,
        toast: tr("auth:toast.codeSent"),
        headers: { "Set-Cookie": cookie! },
        result: { phone: displayPhone(code.phone), sentAt: code.sentAt.getTime() },
      }),
    });
  }

  // intent === "verify"
  const attempt = session.get("loginAttempt");
  if (!attempt) return respond(args, refused("no-attempt"), { ...own, values: shown(typed) });
  if (!form.ok) return invalid(args, { ...form, values: shown(typed, "code") }, answering);
  if (!("code" in form.data)) throw new Error("a verify post parsed as another form");
  const checked = await checkSignInCode({
    attemptId: attempt.id,
    code: form.data.code,
    previousSid: session.get("sid"),
    fingerprint: form.data.fingerprint,
    userAgent: request.headers.get("User-Agent"),
  });
  // Registering goes on to its name and zipcode step (the page sends on whoever has them).
  const signedIn = checked.ok ? await afterSignIn(request, url, checked.value, page === "/register" ? here : null) : null;
  return respond(args, checked, {
    ...answering,
    values: shown(typed, "code"),
    refusals: signInRefusals(checked.ok ? undefined : checked.retryAfter),
    done: ({ member, isNew }, tr) => ({
      redirectTo: signedIn!.to,
      toast: tr("auth:toast.signedIn"),
      headers: signedIn!.headers,
      result: { memberId: member.id, isNew, redirectTo: signedIn!.to },
    }),
  });
}

/**
 * Where a member goes once signed in, and the cookies that sign them in: the page a link
 * asked for, else a newcomer makes their profile, else their landing.
 */
async function afterSignIn(request: Request, url: URL, signedIn: { sid: string; isNew: boolean }, next: string | null) {
  const asked = destinationAfterSignIn(url.searchParams, url.origin);
  const to = next ?? asked ?? (signedIn.isNew ? NEW_MEMBER_LANDING : await landingFor(signedIn.sid));
  const headers = new Headers();
  for (const cookie of await signedInCookies(request, signedIn.sid, (s) => s.flash("loggedIn", true))) headers.append("Set-Cookie", cookie);
  return { to, headers };
}

/**
 * Where a returning member lands when no link asked for a page: the newsfeed (the spec's
 * default place after sign-in), except a game master with access level above 0, whom the
 * spec sends from / and /home to /gamemaster.
 */
async function landingFor(sid: string): Promise<string> {
  const found = await findSessionMember(sid);
  return found && found.accessLevel > 0 && roleFlags(found.roles).isGamemaster ? GAME_MASTER_LANDING : DEFAULT_AFTER_SIGN_IN;
}
