import { useMemo } from "react";
import type { Route } from "./+types/register";
import { redirect } from "react-router";
import { DEFAULT_AFTER_SIGN_IN, destinationAfterSignIn } from "~/features/auth/arrival";
import { currentMember, requireMember } from "~/features/auth/principal.server";
import { signInAnswerOf } from "~/features/auth/sign-in-answer";
import { answerSignInForm, loadSignInPage, signInPageHeaders } from "~/features/auth/sign-in-page.server";
import { SignInScreen } from "~/features/auth/signin-screen";
import { RegistrationDetails, REGISTER_INTENT } from "~/features/members/registration-details";
import { isRegistered, register, RegistrationForm } from "~/features/members/registration.server";
import { formAnswer } from "~/platform/form-answer";
import { parseInput, readInput } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { useTranslation } from "~/platform/translations";
import { pageTitle } from "~/ui/page";
import type { IndexableHandle } from "~/ui/robots-meta";

/**
 * The spec's Register screen, the second sign-up variant, for someone arriving from the
 * landing page or an invitation: phone and code (sign-in's own steps and code), then name
 * and zipcode, in one flow of plain forms (decision 0516).
 */
export const handle = {
  i18n: ["auth", "profile"],
  cookieBanner: "even-if-declined",
  indexable: true,
} satisfies IndexableHandle & Record<string, unknown>;

/** Where a registered member goes: the invitation or page they came for, else the newsfeed. */
function onward(request: Request) {
  const url = new URL(request.url);
  return destinationAfterSignIn(url.searchParams, url.origin) ?? DEFAULT_AFTER_SIGN_IN;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await currentMember(context);
  const title = getInstance(context).t("auth:register.title");
  if (!current) return { step: "phone" as const, title, signIn: await loadSignInPage(request, context, "/register") };
  if (isRegistered(current.member)) throw redirect(onward(request));
  const { firstName, lastName, zipcode } = current.member;
  return { step: "details" as const, title, values: { firstName: firstName ?? "", lastName: lastName ?? "", zipcode: zipcode ?? "" } };
}

export async function action(args: Route.ActionArgs) {
  // Read once: the button's intent tells the last step from sign-in's forms.
  const input = await readInput(args.request);
  // The phone and code steps: sign-in's forms, answered by sign-in's code for this page.
  if (input?.intent !== REGISTER_INTENT) return answerSignInForm(args, input, "/register");
  const { member } = await requireMember(args.context);
  const form = parseInput(input, RegistrationForm);
  if (!form.ok) return invalid(args, form);
  return respond(args, await register(member.id, form.data), {
    values: form.values,
    refusals: {},
    done: (registered, t) => ({ redirectTo: onward(args.request), toast: t("auth:register.done", { name: registered.firstName }) }),
  });
}

export const headers: Route.HeadersFunction = signInPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Register")];

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  // One view per answer, as on /signin: the screen shows its toast and moves focus once for each.
  const signInAnswer = useMemo(() => signInAnswerOf(actionData), [actionData]);
  if (loaderData.step === "details") {
    return <RegistrationDetails values={loaderData.values} answer={formAnswer(actionData)} />;
  }
  return (
    <SignInScreen
      {...loaderData.signIn}
      heading={t("register.heading")}
      intro={t("register.intro")}
      answer={signInAnswer}
    />
  );
}
