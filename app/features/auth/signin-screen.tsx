import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, useLocation, useNavigation } from "react-router";
import { ResendCountdown } from "~/features/auth/resend-countdown";
import { showToast } from "~/ui/toaster";
import type { Arrival } from "./arrival";
import { caretAfterFormat, digitsOf, formatPhoneInput, MIN_PHONE_DIGITS } from "./phone";
import { CODE_FIELD_MAX, PHONE_TEXT_MAX, SEND_ACCEPTING_COOKIES, type SignInAnswer } from "./sign-in-answer";
import { focusTargetAfter, type SignInView } from "./signin-focus";
import { useHydrated } from "~/ui/client-only";
import { PageHeading } from "~/ui/page";
import { primaryButton as primaryLook, secondaryButton as secondaryLook } from "~/ui/buttons";
import { FieldError, largeFieldClass, mutedText } from "~/ui/fields";
import { FormError } from "~/ui/form";

// The sign-in screen's controls are larger than most (the one thing the screen is for).
const inputClass = largeFieldClass;
const primaryButton = `${primaryLook} disabled:cursor-wait`;
const secondaryButton = `${secondaryLook} px-4 py-2 text-base font-semibold`;

export interface SignInScreenProps {
  arrival: Arrival;
  /** The catalogue's EXPIRED_SESSION message when a form arrived after the session ended. */
  expired?: string | null;
  attempt: { phone: string; sentAt: number; resendAt: number } | null;
  now: number;
  answer: SignInAnswer | undefined;
  /** Another screen's heading and introduction over the same steps (/register). */
  heading?: string;
  intro?: string;
}

/** The spec's Signin page: phone, then code; every step is a plain form first. */
export function SignInScreen({ arrival, expired, attempt, now, answer, heading, intro }: SignInScreenProps) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  // /signin, or /register's first steps (the same forms, posted to the page they are on).
  const action = `${location.pathname}${location.search}`;
  const codeStep = attempt && answer?.intent !== "send" ? attempt : null;
  useEffect(() => {
    if (answer?.toast) showToast(answer.toast);
  }, [answer]);

  // The pressed button goes away (a new step) or is disabled while posting: move focus to
  // the field that matters now instead of leaving it on <body>.
  const view: SignInView = { step: codeStep ? "code" : "phone", sentAt: codeStep?.sentAt ?? null, answer };
  const shown = useRef(view);
  useEffect(() => {
    const target = focusTargetAfter(shown.current, view);
    shown.current = view;
    if (target) document.getElementById(target)?.focus();
  }, [view.step, view.sentAt, view.answer]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="mx-auto max-w-md space-y-6">
      <header className="space-y-2">
        <PageHeading>{heading ?? t("signin.heading")}</PageHeading>
        {expired && !codeStep ? (
          <p id="signin-expired" className="rounded-md border border-amber-600 bg-amber-50 px-3 py-2 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-50">
            {expired}
          </p>
        ) : null}
        <p>{intro ?? t("signin.intro")}</p>
        {arrival === "invite" ? <p className="font-medium">{t("signin.arrivingInvite")}</p> : null}
        {arrival === "return" ? <p className="font-medium">{t("signin.arrivingReturn")}</p> : null}
        {arrival === "newsfeed" ? <p className="font-medium">{t("signin.arrivingNewsfeed")}</p> : null}
      </header>

      <FormError id="signin-error" message={answer?.error} />

      {codeStep ? (
        <CodeStep action={action} attempt={codeStep} now={now} answer={answer} />
      ) : (
        <PhoneStep action={action} answer={answer} />
      )}
    </div>
  );
}

/**
 * On a slow connection people type before JavaScript arrives. Hydration leaves the typed
 * text in the field, but the next render of a controlled input would wipe it: take it
 * into state first.
 */
function useKeepTypedBeforeHydration(keep: (typed: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed) keep(typed);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}

function EnhancedField() {
  // Tells the server the page runs JavaScript (it then flashes toasts for the re-fetch).
  return useHydrated() ? <input type="hidden" name="enhanced" value="1" /> : null;
}

/** What was typed, as text: anything else (a posted file) is shown as nothing. */
const typedText = (value: unknown) => (typeof value === "string" ? value : "");

/** The error's id when the shown answer has one: the field it concerns names it in aria-describedby. */
const describedBy = (hint: string, withError: boolean) => (withError ? `${hint} signin-error` : hint);

/**
 * Enter in the phone field before it holds a whole number (JavaScript on). The spec shows
 * Send Code only from 10 digits, so there is no button to press and the browser would do
 * nothing at all: say what is missing instead, tied to the field. From 10 digits the button
 * is there and Enter presses it.
 */
export function refusesIncompleteEnter(
  event: { key: string; nativeEvent: { isComposing?: boolean } },
  phone: string,
): boolean {
  return event.key === "Enter" && !event.nativeEvent.isComposing && digitsOf(phone).length < MIN_PHONE_DIGITS;
}

function PhoneStep({ action, answer }: { action: string; answer: SignInAnswer | undefined }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  // The field's text and where its caret goes after formatting (a new object each edit, so
  // the caret is put back even when the formatted text did not change).
  const [typed, setTyped] = useState(() => ({ value: formatPhoneInput(typedText(answer?.values.phone)), caret: null as number | null }));
  const phone = typed.value;
  const field = useKeepTypedBeforeHydration((text) => setTyped({ value: formatPhoneInput(text), caret: null }));
  useLayoutEffect(() => {
    const input = field.current;
    if (typed.caret !== null && input && document.activeElement === input) input.setSelectionRange(typed.caret, typed.caret);
  }, [typed, field]);
  const sendingIntent = navigation.state === "idle" ? null : navigation.formData?.get("intent");
  const sending = sendingIntent === "send" || sendingIntent === SEND_ACCEPTING_COOKIES;
  const enough = digitsOf(phone).length >= MIN_PHONE_DIGITS;
  const error = Boolean(answer?.error);
  // How often Enter was pressed on an incomplete number (0: not since it was last whole).
  // Each press renders the message anew, so it is announced again.
  const [incompleteEnters, setIncompleteEnters] = useState(0);
  const incomplete = incompleteEnters > 0 && !enough;
  const hint = incomplete ? "phone-hint phone-incomplete" : "phone-hint";

  return (
    <Form method="post" action={action} className="space-y-4">
      <EnhancedField />
      <StepField
        id="phone"
        label={t("signin.phoneLabel")}
        hint={t("signin.phoneHint")}
        after={incomplete ? <FieldError key={incompleteEnters} id="phone-incomplete" message={t("errors.invalidPhone")} alert /> : null}
      >
        <input
          id="phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={PHONE_TEXT_MAX}
          ref={field}
          value={phone}
          onChange={(event) => {
            const text = event.currentTarget.value;
            const formatted = formatPhoneInput(text);
            const caret = event.currentTarget.selectionStart ?? text.length;
            setTyped({ value: formatted, caret: caretAfterFormat(text, caret, formatted) });
            if (digitsOf(formatted).length >= MIN_PHONE_DIGITS) setIncompleteEnters(0);
          }}
          onKeyDown={(event) => {
            if (!refusesIncompleteEnter(event, phone)) return;
            event.preventDefault();
            setIncompleteEnters((n) => n + 1);
          }}
          aria-invalid={answer?.field === "phone" || incomplete ? true : undefined}
          aria-describedby={describedBy(hint, error)}
          className={inputClass}
        />
      </StepField>
      {/* The honeypot: hidden from people and assistive technology, tempting to bots. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="website">{t("signin.honeypotLabel")}</label>
        <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {/* Without JavaScript the button is always there and the server checks the number. */}
      {!hydrated || enough ? (
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="send" disabled={sending} className={primaryButton}>
            {sending ? t("signin.loading") : t("signin.sendCode")}
          </button>
          {/* Refused for cookies: accept them here and the typed number goes on with it. */}
          {answer?.cookies ? (
            <button
              type="submit"
              id="accept-and-send"
              name="intent"
              value={SEND_ACCEPTING_COOKIES}
              disabled={sending}
              // Without JavaScript the page arrives with the refusal: the browser focuses the
              // answer and scrolls it clear of the toast and the banner (decision 0514).
              autoFocus={!hydrated}
              className={secondaryButton}
            >
              {t("signin.acceptAndSend")}
            </button>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}

/**
 * A step's one field: its label over the control and its hint under it (`${id}-hint`, which
 * the control names in `aria-describedby`), then what is said about it as it is typed.
 */
function StepField({ id, label, hint, after, children }: { id: string; label: string; hint: string; after?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {children}
      <p id={`${id}-hint`} className={`mt-1 ${mutedText}`}>
        {hint}
      </p>
      {after}
    </div>
  );
}

function CodeStep({
  action,
  attempt,
  now,
  answer,
}: {
  action: string;
  attempt: { phone: string; sentAt: number; resendAt: number };
  now: number;
  answer: SignInAnswer | undefined;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [code, setCode] = useState(() => typedText(answer?.values.code));
  const field = useKeepTypedBeforeHydration(setCode);
  const verifying = navigation.state !== "idle" && navigation.formData?.get("intent") === "verify";
  const resending = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend";

  return (
    <div className="space-y-4">
      <ResendCountdown
        sentAt={attempt.sentAt}
        // A failed verification or a refused resend says the wait that holds now.
        serverNow={answer?.resend?.now ?? now}
        resendAt={answer?.resend?.at ?? attempt.resendAt}
        restarted={Boolean(answer?.resend)}
        phone={attempt.phone}
        resendButton={
          <Form method="post" action={action}>
            <EnhancedField />
            <button type="submit" name="intent" value="resend" disabled={resending} className={secondaryButton}>
              {t("signin.sendAnother")}
            </button>
          </Form>
        }
      />
      <Form method="post" action={action} className="space-y-4">
        <EnhancedField />
        <StepField id="code" label={t("signin.codeLabel")} hint={t("signin.codeHint")}>
          <input
            id="code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={CODE_FIELD_MAX}
            required
            ref={field}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            aria-describedby={describedBy("code-hint", answer?.intent === "verify" && Boolean(answer.error))}
            aria-invalid={answer?.field === "code" ? true : undefined}
            className={`${inputClass} tracking-widest`}
          />
        </StepField>
        {!hydrated || code.trim() !== "" ? (
          <button type="submit" name="intent" value="verify" disabled={verifying} aria-busy={verifying} className={primaryButton}>
            {verifying ? t("signin.loading") : t("signin.continue")}
          </button>
        ) : null}
      </Form>
      <Form method="post" action={action}>
        <button type="submit" name="intent" value="restart" className="font-medium underline">
          {t("signin.differentNumber")}
        </button>
      </Form>
    </div>
  );
}
