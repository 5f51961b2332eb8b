/**
 * The /signin screen's server side: what the page shows (from the session cookie and the
 * server's clock) and what its three forms do (send a code, verify it, start over). The
 * /register screen's first two steps are the same code, on its own address (decision 0516).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { consentCookie, readConsent } from "~/platform/cookies.server";
import { env } from "~/platform/env.server";
import { getInstance } from "~/platform/i18n.server";
import { publicHost } from "~/platform/public-origin.server";
import { requestInfoContext } from "~/platform/request-context";
import { commitSession, getSession } from "~/platform/session.server";
import { flashToast, toastWithAnswer } from "~/platform/toast.server";
import { arrivalKind, DEFAULT_AFTER_SIGN_IN, destinationAfterSignIn } from "./arrival";
import { displayPhone, digitsOf } from "./phone";
import { SEND_ACCEPTING_COOKIES, type SignInAnswer } from "./sign-in-answer";
import { nextSendAt, signInText, startPhoneSignIn, verifyPhoneCode } from "./sign-in.server";
import { waitInWords } from "~/platform/wait-words";
import { EXPIRED_PARAM, findSessionMember, roleFlags, SIGNED_OUT_PARAM, signedInCookies } from "./sessions.server";
import { currentMember } from "./principal.server";

type Context = Readonly<RouterContextProvider>;

/** Where the signed-in member lands when nothing else is asked: a newcomer makes their profile. */
const NEW_MEMBER_LANDING = "/signup";
/** A game master's screen (the spec's section 2 and 6). */
const GAME_MASTER_LANDING = "/gamemaster";
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
  // When the number may have its next code: the countdown shows that wait, wrong codes' too.
  const resendAt = live ? (await nextSendAt(live.phone, new Date(now))).getTime() : null;
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

/** The phone field's length limit (its maxlength too). */
export const PHONE_TEXT_MAX = 40;
/** What is shown again of a refused field: enough to see and fix, never a pasted essay. */
export const TYPED_ECHO_MAX = 100;

const SendForm = z.object({
  phone: z.string().max(PHONE_TEXT_MAX).default(""),
  // The honeypot: a field people never see, named to tempt form-filling bots. Anything in
  // it, however long, is a bot's: kept short, and never a reason to refuse.
  website: z
    .string()
    .optional()
    .transform((v) => v?.slice(0, 200)),
});
const VerifyForm = z.object({
  code: z
    .string()
    .max(20)
    .transform((v) => digitsOf(v))
    .pipe(z.string().regex(/^\d{6}$/)),
});

/**
 * The posted fields as text. A field posted as a file (multipart) becomes "", so nothing
 * but strings is validated or echoed back to the page.
 */
export function formText(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) fields[name] = typeof value === "string" ? value : "";
  return fields;
}

/** A posted field as it is shown again: text, cut to TYPED_ECHO_MAX characters. */
const echo = (value: string | undefined) => (value ?? "").slice(0, TYPED_ECHO_MAX);

export async function handleSignInPost(request: Request, context: Context, page: SignInPage = "/signin") {
  const url = new URL(request.url);
  const here = `${page}${url.search}`;
  const { t } = getInstance(context);
  const form = formText(await request.formData());
  // 'Accept cookies and send the code', offered after a send was refused for cookies: the
  // typed number goes on in the same post (without JavaScript, accepting in the banner
  // reloads the page and loses it).
  const acceptsCookies = form.intent === SEND_ACCEPTING_COOKIES;
  const intent = acceptsCookies ? "send" : form.intent;
  const consentCookies = acceptsCookies ? [await consentCookie.serialize("yes")] : [];
  /** Headers with the consent cookie added, when this post gave it. */
  const withConsent = (init?: HeadersInit) => {
    const headers = new Headers(init);
    for (const cookie of consentCookies) headers.append("Set-Cookie", cookie);
    return headers;
  };
  const enhanced = form.enhanced === "1";
  const session = await getSession(request);

  if (intent === "restart") {
    session.unset("loginAttempt");
    return redirect(here, { headers: { "Set-Cookie": await commitSession(session) } });
  }
  if (intent !== "send" && intent !== "resend" && intent !== "verify") {
    throw data(null, { status: 400 });
  }
  const answerIntent = intent;
  const answer = (status: number, body: Omit<SignInAnswer, "intent">, headers?: HeadersInit) =>
    data<SignInAnswer>({ intent: answerIntent, ...body }, { status, headers: withConsent(headers) });

  if (!acceptsCookies && (await readConsent(request)) !== "yes") {
    const toast = toastWithAnswer(context, enhanced, "error", t("auth:toast.acceptCookies"));
    return answer(403, {
      values: { phone: echo(form.phone), code: echo(form.code) },
      error: t("auth:errors.cookiesNotAccepted"),
      cookies: true,
      ...(toast ? { toast } : {}),
    });
  }

  if (intent === "send" || intent === "resend") {
    // A resend goes to the number of the sign-in in progress; without one there is nothing to resend.
    const inProgress = session.get("loginAttempt")?.phone;
    if (intent === "resend" && !inProgress) return answer(400, { values: {}, error: t("auth:errors.noAttempt") });
    const parsed = SendForm.safeParse(form);
    const typed = echo(form.phone);
    if (intent === "send" && !parsed.success) {
      // The only way the send form fails: a phone longer than the field takes.
      return answer(400, {
        values: { phone: typed },
        error: t("auth:errors.phoneTooLong", { max: PHONE_TEXT_MAX }),
        field: "phone",
      });
    }
    const phone = intent === "resend" ? inProgress! : typed;
    // Never the request's own host: a forged one would name another site (0503).
    const smsHost = publicHost();
    const result = await startPhoneSignIn({
      phone,
      honeypot: parsed.success ? parsed.data.website : undefined,
      clientIp: context.get(requestInfoContext).clientIp,
      allowedCallingCodes: env().PHONE_COUNTRIES,
      textFor: (code) => signInText(t("auth:sms.body", { code }), smsHost, code),
    });
    switch (result.status) {
      case "sent": {
        session.set("loginAttempt", { id: result.attemptId, phone: result.phone, sentAt: result.sentAt.getTime() });
        flashToast(context, "success", t("auth:toast.codeSent"));
        return redirect(here, { headers: withConsent({ "Set-Cookie": await commitSession(session) }) });
      }
      case "invalid-phone":
        return answer(400, { values: { phone: typed }, error: t("auth:errors.invalidPhone"), field: "phone" });
      case "rate-limited": {
        const seconds = result.retryAfterSeconds;
        const error =
          result.reason === "wrong-codes"
            ? t("auth:errors.wrongCodesWait", { wait: waitInWords(seconds, t) })
            : seconds <= 120
              ? t("auth:errors.waitSeconds", { seconds })
              : t("auth:errors.waitMinutes", { minutes: Math.ceil(seconds / 60) });
        // The code step's countdown restarts at the wait the member was just told.
        const resend = intent === "resend" ? { at: Date.now() + seconds * 1000, now: Date.now() } : undefined;
        return answer(429, { values: { phone: typed }, error, ...(resend ? { resend } : {}) }, { "Retry-After": String(seconds) });
      }
      case "rejected-number":
        return answer(400, { values: { phone: typed }, error: t("auth:errors.noAccount"), field: "phone" });
      case "unavailable":
        return answer(503, { values: { phone: typed }, error: t("auth:errors.unavailable") }, { "Retry-After": "30" });
    }
  }

  // intent === "verify"
  const attempt = session.get("loginAttempt");
  if (!attempt) return answer(400, { values: {}, error: t("auth:errors.noAttempt") });
  const parsed = VerifyForm.safeParse(form);
  if (!parsed.success) {
    return answer(400, { values: { code: echo(form.code) }, error: t("auth:errors.codeFormat"), field: "code" });
  }
  const result = await verifyPhoneCode({
    attemptId: attempt.id,
    code: parsed.data.code,
    previousSid: session.get("sid"),
    fingerprint: typeof form.fingerprint === "string" ? form.fingerprint : null,
    userAgent: request.headers.get("User-Agent"),
  });
  switch (result.status) {
    case "signed-in": {
      const asked = destinationAfterSignIn(url.searchParams, url.origin);
      // Registering goes on to its name and zipcode step (the page sends on whoever has them).
      const to = page === "/register" ? here : (asked ?? (result.isNew ? NEW_MEMBER_LANDING : await landingFor(result.sid)));
      flashToast(context, "success", t("auth:toast.signedIn"));
      const headers = new Headers();
      for (const cookie of await signedInCookies(request, result.sid, (s) => s.flash("loggedIn", true))) {
        headers.append("Set-Cookie", cookie);
      }
      return redirect(to, { headers });
    }
    // The countdown restarts (the spec's "resets the countdown") at the wait that holds now:
    // a failure never shortens it, and wrong codes lengthen it (0504).
    case "wrong-code":
      return answer(400, {
        values: { code: echo(form.code) },
        error: t("auth:errors.wrongCode", { count: result.triesLeft }),
        field: "code",
        resend: resendOf(result.resendAt),
      });
    case "burnt": {
      // Too many wrong codes is a rate limit (429), until the back-off ends.
      const resend = resendOf(result.resendAt);
      const seconds = Math.max(1, Math.ceil((resend.at - resend.now) / 1000));
      return answer(
        429,
        { values: {}, error: t("auth:errors.burnt", { wait: waitInWords(seconds, t) }), resend },
        { "Retry-After": String(seconds) },
      );
    }
    case "expired":
      return answer(400, {
        values: {},
        error: t("auth:errors.expired"),
        ...(result.resendAt ? { resend: resendOf(result.resendAt) } : {}),
      });
    case "suspended":
      return answer(403, { values: {}, error: t("auth:errors.suspended") });
  }
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

/** When the next code may be asked for, with the server's clock now (the countdown's start). */
function resendOf(at: Date) {
  return { at: at.getTime(), now: Date.now() };
}
