import { useTranslation } from "~/platform/translations";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { requireMember } from "~/features/auth/principal.server";
import { avatarStyles, DEFAULT_STYLE, isAvatarStyle, previewUrl, type FieldErrors } from "~/features/avatars/look";
import { defaultLook, randomSeed, SEED_PATTERN } from "~/features/avatars/options.server";
import { MemberDetailsFields } from "~/features/members/member-details-fields";
import {
  completeSignup,
  detailValuesOf,
  hasSignedUp,
  parseDetails,
  readDetailValues,
  type DetailValues,
} from "~/features/members/profile.server";
import { getInstance } from "~/platform/i18n.server";
import { answersWithPage } from "~/platform/respond.server";
import { safeRedirectPath } from "~/platform/redirect-to";
import { flashToast } from "~/platform/toast.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import type { KeyIn } from "~/locales/types";
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

interface ActionData {
  details: DetailValues;
  style: string;
  seed: string;
  errors: FieldErrors;
}

/**
 * A post to /signup by a member who has signed up already (a second tab, a double press, a
 * replay) changes nothing: a page goes where the loader would send it, anything else gets
 * 409 and the reason.
 */
function signedUpAlready(request: Request, context: Route.ActionArgs["context"], form: FormData): never {
  if (answersWithPage(request)) {
    throw redirect(nextPath(request, new URL(request.url).searchParams.get("redirectTo") ?? form.get("redirectTo")));
  }
  throw data({ ok: false, error: getInstance(context).t("profile:signup.already") }, { status: 409 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { member, accessLevel } = await requireMember(context);
  const t = getInstance(context).t;
  const form = await request.formData();
  if (hasSignedUp(member, accessLevel)) signedUpAlready(request, context, form);
  const details = readDetailValues(form);
  const styleValue = String(form.get("style") ?? "");
  const style = isAvatarStyle(styleValue) ? styleValue : DEFAULT_STYLE;
  const seedValue = String(form.get("seed") ?? "");
  const seed = SEED_PATTERN.test(seedValue) ? seedValue : randomSeed();

  if (form.get("intent") === "shuffle") {
    return data<ActionData>({ details, style, seed: randomSeed(), errors: {} });
  }

  const parsed = parseDetails(details);
  const errors: FieldErrors = parsed.success ? {} : { ...parsed.errors };
  if (!isAvatarStyle(styleValue)) errors.style = { key: "errors.style" };
  if (!parsed.success || Object.keys(errors).length > 0) {
    return data<ActionData>({ details, style, seed, errors }, { status: 400 });
  }

  const result = await completeSignup(member.id, parsed.details, defaultLook(style, seed));
  if (!result.ok && result.conflict === "signed-up") signedUpAlready(request, context, form);
  if (!result.ok) {
    return data<ActionData>(
      { details, style, seed, errors: { username: { key: "errors.usernameTaken" } } },
      { status: 409 },
    );
  }
  flashToast(context, "success", t("profile:signup.done", { name: parsed.details.firstName }));
  return redirect(nextPath(request, form.get("redirectTo")));
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { t: ta } = useTranslation("avatar");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = actionData?.details ?? loaderData.details;
  const style = actionData?.style ?? loaderData.style;
  const seed = actionData?.seed ?? loaderData.seed;
  const errors = actionData?.errors ?? {};
  const form = useFocusFirstInvalid(actionData);

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
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {avatarStyles.map((s) => (
              <label
                key={s}
                className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-glow-700 has-[:checked]:bg-glow-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus dark:border-slate-700 dark:has-[:checked]:bg-slate-800"
              >
                <img
                  src={previewUrl({ style: s, seed, clip: "true" })}
                  alt={ta("signup.lookAlt", { style: ta(`styles.${s}`) })}
                  width={80}
                  height={80}
                  className="h-20 w-20"
                />
                <span className="flex items-center gap-2">
                  <input type="radio" name="style" value={s} defaultChecked={style === s} className="accent-glow-700" />
                  {ta(`styles.${s}`)}
                </span>
              </label>
            ))}
          </div>
          {errors.style ? (
            <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">{ta(errors.style.key as KeyIn<"avatar">)}</p>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="shuffle"
            formNoValidate
            className="mt-3 rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-glow-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus dark:hover:bg-slate-800"
          >
            {ta("actions.shuffle")}
          </button>
        </fieldset>

        <button
          type="submit"
          name="intent"
          value="signup"
          disabled={busy}
          className="rounded-md bg-glow-700 px-5 py-2.5 font-semibold text-white hover:bg-glow-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2 disabled:opacity-60"
        >
          {t("signup.submit")}
        </button>
      </Form>
    </div>
  );
}
