import { useEffect, useRef } from "react";
import { useTranslation } from "~/platform/translations";
import { Form, href, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { loadLoginPage, signInFromLoginPage } from "~/features/staff/dashboard.server";
import { primaryButton } from "~/ui/buttons";
import { TextField } from "~/ui/fields";
import { FormError } from "~/ui/form";
import { STAFF_TOAST_AUTO_CLOSE_MS } from "~/ui/toaster";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";

/** The older username/password flow, for staff: its toasts last 5000 ms (section 9). */
export const handle = { i18n: ["staff"], toastMs: STAFF_TOAST_AUTO_CLOSE_MS };

export const loader = ({ request, context }: Route.LoaderArgs) => loadLoginPage(request, context);
export const action = ({ request, context }: Route.ActionArgs) => signInFromLoginPage({ request, context });

/** A slowed-down sign-in's Retry-After reaches the browser, with JavaScript and without. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Staff sign-in")];

/**
 * Section 4's states: pending (the button says so and takes no second press), fulfilled
 * (the dashboard), rejected (the server's message, above the form).
 */
export default function Login() {
  const { t } = useTranslation("staff");
  const navigation = useNavigation();
  const location = useLocation();
  // This form's post only: the cookie banner's "Accept cookies" is a post too, and the
  // button said "Signing in…" before anything was sent (issue 40).
  const pending =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formAction !== undefined &&
    new URL(navigation.formAction, "http://glow.invalid").pathname === location.pathname;
  const answer = useFormAnswer();
  const errors = answer?.errors ?? {};
  const form = useFocusFirstInvalid(answer);
  // A refused password is never shown again (the server does not send it back either).
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (answer && password.current) password.current.value = "";
  }, [answer]);
  return (
    <div className="mx-auto max-w-sm space-y-5">
      <PageHeading>{t("login.heading")}</PageHeading>
      <p>{t("login.intro")}</p>
      <Form ref={form} method="post" className="space-y-4" aria-label={t("login.heading")}>
        <FormError message={errors.form} />
        <TextField
          idPrefix="staff"
          name="username"
          label={t("login.username")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={100}
          value={answer?.values.username ?? ""}
          error={errors.username}
        />
        <TextField ref={password} idPrefix="staff" name="password" type="password" label={t("login.password")} autoComplete="current-password" required maxLength={200} error={errors.password} />
        <button type="submit" className={primaryButton} disabled={pending} aria-busy={pending || undefined}>
          {pending ? t("login.pending") : t("login.submit")}
        </button>
      </Form>
      <p className="text-sm">
        <Link to={href("/signin")} className="underline">
          {t("login.memberLink")}
        </Link>
      </p>
    </div>
  );
}
