import { useTranslation } from "~/platform/translations";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { requireMember } from "~/features/auth/principal.server";
import { DEFAULT_STYLE, isAvatarStyle, type AvatarStyle } from "~/features/avatars/look";
import { StyleChoices } from "~/features/avatars/style-choices";
import { previewedLook } from "~/features/avatars/look-answer";
import { defaultLook, randomSeed, SEED_PATTERN } from "~/features/avatars/options.server";
import { MemberDetailsFields } from "~/features/members/member-details-fields";
import { detailsRefusals, detailValuesOf, finishSignup, hasSignedUp } from "~/features/members/profile.server";
import { SignupForm } from "~/features/members/schemas";
import { useDoneResult, useFormAnswer } from "~/ui/form-answer";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { FieldError } from "~/ui/fields";
import { parseForm } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { answersWithPage, invalid, respond, type ActionArgs } from "~/platform/respond.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["profile", "avatar"] };

/** Where a member goes once signed up: back to where they were headed, or to their creator. */
function nextPath(request: Request, value: unknown) {
  return safeRedirectPath(value, new URL(request.url).origin, "/profile#creator");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { member, accessLevel } = await requireMember(context);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  // Signed up already (a username and an avatar or zipcode): the profile is the place to edit.
  if (hasSignedUp(member, accessLevel)) throw redirect(nextPath(request, redirectTo));
  return {
    details: detailValuesOf(member),
    style: DEFAULT_STYLE as string,
    // Each newcomer gets their own faces to choose from, not four copies of 'Aneka'.
    seed: randomSeed(),
    redirectTo: redirectTo ?? "",
    title: getInstance(context).t("profile:signup.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Signup"),
];

/** The seed whose faces the page showed, or new faces when what came back is not a seed. */
const seedOf = (typed: string | undefined) => (typed !== undefined && SEED_PATTERN.test(typed) ? typed : randomSeed());

/**
 * A post to /signup by a member who has signed up already (a second tab, a double press, a
 * replay) changes nothing: a page goes where the loader would send it, anything else gets
 * 409 and the reason.
 */
function signedUpAlready(args: ActionArgs, redirectTo: unknown) {
  const next = nextPath(args.request, new URL(args.request.url).searchParams.get("redirectTo") ?? redirectTo);
  if (answersWithPage(args.request)) return redirect(next, 303);
  return respond(args, refused("signed-up"), { refusals: detailsRefusals, done: () => ({}) });
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { member, accessLevel } = await requireMember(args.context);
  const form = await parseForm(request, SignupForm);
  if (hasSignedUp(member, accessLevel)) return signedUpAlready(args, form.values.redirectTo);

  // What the form shows again: as typed, with a style it offers and a seed.
  const values = { ...form.values, style: isAvatarStyle(form.values.style) ? form.values.style : DEFAULT_STYLE, seed: seedOf(form.values.seed) };
  if (form.values.intent === "shuffle") {
    // Other faces for the same details and style: the form again, nothing kept.
    return respond(args, done({ ...values, seed: randomSeed() }), {
      refusals: {},
      done: (shuffled) => ({ stay: true, result: { values: shuffled } }),
    });
  }
  if (!form.ok) return invalid(args, { ...form, values });

  const { style, redirectTo, intent: _, ...details } = form.data;
  const outcome = await finishSignup(member.id, details, defaultLook(style as AvatarStyle, values.seed));
  if (!outcome.ok && outcome.refusal === "signed-up") return signedUpAlready(args, redirectTo);
  return respond(args, outcome, {
    values,
    refusals: detailsRefusals,
    done: (_, t) => ({ redirectTo: nextPath(request, redirectTo), toast: t("profile:signup.done", { name: details.firstName }) }),
  });
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { t: ta } = useTranslation("avatar");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // The form again: refused (each field's message and what was typed), or with other faces.
  const answer = useFormAnswer();
  const previewed = useDoneResult(previewedLook);
  const shown = answer?.values ?? previewed;
  const values = shown ? { ...loaderData.details, ...shown } : loaderData.details;
  const style = shown && isAvatarStyle(shown.style) ? shown.style : loaderData.style;
  const seed = shown?.seed || loaderData.seed;
  const errors = answer?.errors ?? {};
  const form = useFocusFirstInvalid(answer);

  return (
    <div className="space-y-6">
      <PageHeading>{t("signup.heading")}</PageHeading>
      <p>{t("signup.intro")}</p>
      <Form ref={form} method="post" className="space-y-6">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <input type="hidden" name="seed" value={seed} />
        {/* Enter in a field presses the form's first submit button, which was "Show me other
            faces" (a shuffle, not the signup the member meant). This one comes first instead. */}
        <button type="submit" name="intent" value="signup" tabIndex={-1} aria-hidden="true" className="sr-only">
          {t("signup.submit")}
        </button>
        <MemberDetailsFields key={seed + JSON.stringify(values)} values={values} errors={errors} />

        <fieldset>
          <legend className="font-medium">{t("signup.look")}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("signup.lookHelp")}</p>
          <StyleChoices seed={seed} chosen={style} size="large" />
          <FieldError id="signup-style-error" message={errors.style} />
          <button type="submit" name="intent" value="shuffle" formNoValidate className={`${secondaryButton} mt-3`}>
            {ta("actions.shuffle")}
          </button>
        </fieldset>

        <button type="submit" name="intent" value="signup" disabled={busy} className={`${primaryButton} px-5 py-2.5`}>
          {t("signup.submit")}
        </button>
      </Form>
    </div>
  );
}
