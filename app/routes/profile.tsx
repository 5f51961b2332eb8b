import { useTranslation } from "~/platform/translations";
import { lazy, Suspense, useEffect } from "react";
import { Form, useNavigation, href } from "react-router";
import type { Route } from "./+types/profile";
import { displayPhone } from "~/features/auth/phone";
import { requireMember } from "~/features/auth/principal.server";
import { ArtCredits } from "~/features/avatars/art-credits";
import { getLook, resetCharacter, saveMemberLook } from "~/features/avatars/characters.server";
import { avatarUrl, DEFAULT_AVATAR_URL, DEFAULT_STYLE, isAvatarStyle } from "~/features/avatars/look";
import { previewedLook } from "~/features/avatars/look-answer";
import { forgetPressed, rememberPressed } from "~/features/avatars/pressed-button";
import { LookForm, lookToValues, lookValuesOf, randomSeed } from "~/features/avatars/options.server";
import { artCredits } from "~/features/avatars/render.server";
import { MemberDetailsFields } from "~/features/members/member-details-fields";
import { detailsRefusals, detailValuesOf, memberDetailsSchema, saveMemberDetails } from "~/features/members/profile.server";
import { formatDay } from "~/ui/dates";
import { primaryButton } from "~/ui/buttons";
import { useDoneResult, useFormAnswer } from "~/ui/form-answer";
import { parseInput, readInput, unreadableForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { done } from "~/platform/outcome";
import { invalid, respond } from "~/platform/respond.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { DraftNotice, useDraft } from "~/ui/draft";
import { PageHeading, pageTitle } from "~/ui/page";
import { Section } from "~/ui/section";

/**
 * The avatar creator (its controls and DiceBear's catalogue of options) is most of this page's
 * script, and a member mostly comes here for something else: it comes in a chunk of its own.
 * The server renders it whole (entry.server waits for every part, none is outlined), the
 * browser shows that HTML and hydrates the rest of the page while the chunk loads.
 */
const AvatarCreator = lazy(() => import("~/features/avatars/character-creator"));

export const handle = { i18n: ["profile", "avatar"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { member, accessLevel } = await requireMember(context);
  const { look, version } = await getLook(member.id);
  return {
    // As the member typed it at sign-in (555-010-0004), not as it is stored (+15550100004).
    phone: displayPhone(member.phone),
    joined: member.joinedAt.toISOString(),
    // "Oct 23, 2026" / "2026年10月23日", written here so the browser hydrates the same text.
    joinedOn: formatDay(member.joinedAt.toISOString(), getLocale(context)),
    accessLevel,
    details: detailValuesOf(member),
    look: lookToValues(look),
    version,
    // The spec's client-state `avatar` (a data URI there), offered as a download of the
    // member's own look: its address, not the drawing inlined, which would come twice (the
    // page and its data) and put /profile's HTML past the 14 KB of a first round trip.
    avatarFile: version === null ? DEFAULT_AVATAR_URL : avatarUrl(member.id, version),
    credits: artCredits(),
    title: getInstance(context).t("profile:title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Profile"),
];

/** The creator's buttons that send the look. */
const LOOK_INTENTS = ["save", "preview", "randomize"];

/**
 * The page's forms, by their button's intent: the details (saved), the look (saved,
 * previewed or randomized) and its reset. Who acts → parse → command → respond.
 */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  // Read once: the intent says which form it is, then that form's schema reads the rest.
  const input = (await readInput(args.request)) ?? {};
  const intent = typeof input.intent === "string" ? input.intent : "";

  if (intent === "details") {
    const form = parseInput(input, memberDetailsSchema);
    if (!form.ok) return invalid(args, form);
    return respond(args, await saveMemberDetails(member.id, form.data), {
      values: form.values,
      refusals: detailsRefusals,
      done: (_, t) => ({ redirectTo: href("/profile"), toast: t("profile:saved") }),
    });
  }

  if (intent === "reset") {
    return respond(args, done(await resetCharacter(member.id)), {
      refusals: {},
      done: (saved, t) => ({ redirectTo: `${href("/profile")}#creator`, toast: t("avatar:resetDone"), result: saved }),
    });
  }

  // 'Randomize': a new seed, so DiceBear draws a new face from the same choices.
  const look = { ...input, ...(intent === "randomize" ? { seed: randomSeed() } : {}) };
  // What the creator shows again: every field as typed, the two background colours apart.
  const values = { ...lookValuesOf(look), intent };
  if (!LOOK_INTENTS.includes(intent)) {
    return invalid(args, { ...unreadableForm(), values });
  }
  const form = parseInput(look, LookForm);
  if (!form.ok) return invalid(args, { ...form, values });
  if (intent === "save") {
    return respond(args, done(await saveMemberLook(member.id, form.data)), {
      refusals: {},
      done: (saved, t) => ({ redirectTo: `${href("/profile")}#creator`, toast: t("avatar:saved"), result: saved }),
    });
  }
  // Preview and Randomize change nothing: the page again, drawn from the checked look.
  return respond(args, done(form.data), {
    refusals: {},
    done: (shown) => ({ stay: true, result: { values: lookToValues(shown) } }),
  });
}

/** A refused look's fields as typed, without the button that sent them. */
function typedLook({ intent: _, ...look }: Record<string, string>) {
  return look;
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { t: ta } = useTranslation("avatar");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = useFormAnswer();
  const previewed = useDoneResult(previewedLook);
  const detailsAnswer = answer?.values.intent === "details" ? answer : null;
  // Details typed before the session ended, given back after signing in again (useDraft).
  const draft = useDraft();
  const detailsDraft = !answer && !previewed && draft?.intent === "details" ? draft : null;
  // The creator shows a refused look as typed, or the look just previewed or randomized.
  const lookAnswer = answer && answer !== detailsAnswer ? answer : null;
  const lookValues = (lookAnswer ? typedLook(lookAnswer.values) : null) ?? previewed ?? loaderData.look;
  const detailsForm = useFocusFirstInvalid(detailsAnswer);
  const lookForm = useFocusFirstInvalid(lookAnswer);
  // A new creator for each answer's look (a randomized seed, a refused value), and after each save.
  const creatorKey = lookAnswer || previewed ? `a${JSON.stringify(lookValues)}` : `v${loaderData.version ?? 0}`;
  // Leaving the page: a later visit's creator is no answer to a button pressed now.
  useEffect(() => forgetPressed, []);

  return (
    <div className="space-y-10">
      <PageHeading>{t("heading")}</PageHeading>

      <Section id="details" heading={t("details.heading")} className="space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{t("fields.phone")}</dt>
          <dd>{loaderData.phone}</dd>
          <dt className="font-medium">{t("fields.joined")}</dt>
          <dd>
            <time dateTime={loaderData.joined}>{loaderData.joinedOn}</time>
          </dd>
        </dl>
        <Form ref={detailsForm} method="post" className="space-y-4" aria-labelledby="details-heading">
          <DraftNotice draft={detailsDraft} />
          <MemberDetailsFields
            values={detailsAnswer ? { ...loaderData.details, ...detailsAnswer.values } : detailsDraft ? { ...loaderData.details, ...detailsDraft } : loaderData.details}
            errors={detailsAnswer?.errors ?? {}}
          />
          <button type="submit" name="intent" value="details" disabled={busy} className={primaryButton}>
            {t("details.save")}
          </button>
        </Form>
      </Section>

      {/* Signup ends here (/profile#creator): the look is the next thing to choose. */}
      <Section id="creator" heading={ta("heading")} className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{ta("intro")}</p>
        <Form ref={lookForm} method="post" preventScrollReset aria-labelledby="creator-heading" noValidate onSubmit={(event) => rememberPressed(event, creatorKey)}>
          <Suspense>
            <AvatarCreator
              key={creatorKey}
              drawnFor={creatorKey}
              initialValues={lookValues}
              errors={lookAnswer?.errors ?? {}}
              shownStyle={isAvatarStyle(lookValues.style) ? lookValues.style : DEFAULT_STYLE}
            />
          </Suspense>
        </Form>
        <p className="text-sm">
          <a href={loaderData.avatarFile} download="glow-avatar.svg" className="underline">
            {ta("download")}
          </a>
        </p>
        <ArtCredits credits={loaderData.credits} />
      </Section>
    </div>
  );
}
