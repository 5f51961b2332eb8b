import { useTranslation } from "~/platform/translations";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { displayPhone } from "~/features/auth/phone";
import { requireMember } from "~/features/auth/principal.server";
import { ArtCredits } from "~/features/avatars/art-credits";
import { avatarCatalogue } from "~/features/avatars/catalogue";
import { CharacterCreator } from "~/features/avatars/character-creator";
import { drawnLookOf, resetCharacter, saveCharacter } from "~/features/avatars/characters.server";
import { DEFAULT_STYLE, isAvatarStyle, type FieldErrors, type LookValues } from "~/features/avatars/look";
import {
  lookToValues,
  parseLook,
  parseLookLenient,
  randomSeed,
  rawToValues,
  readLookInput,
} from "~/features/avatars/options.server";
import { artCredits } from "~/features/avatars/render.server";
import { MemberDetailsFields } from "~/features/members/member-details-fields";
import { recordProgress } from "~/features/quests/progress.server";
import { db } from "~/platform/db/db.server";
import {
  detailValuesOf,
  parseDetails,
  readDetailValues,
  updateMemberDetails,
  type DetailValues,
} from "~/features/members/profile.server";
import { formatDay } from "~/ui/dates";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { flashToast } from "~/platform/toast.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { DraftNotice, useDraft } from "~/ui/draft";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["profile", "avatar"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { member, accessLevel } = await requireMember(context);
  const { look, version, dataUri } = await drawnLookOf(member.id);
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
    // The spec's client-state `avatar`, offered as a download of the member's own look.
    avatarDataUri: dataUri,
    credits: artCredits(),
    title: getInstance(context).t("profile:title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Profile"),
];

type ActionData =
  | { form: "details"; values: DetailValues; errors: FieldErrors }
  | { form: "look"; values: LookValues; errors: FieldErrors; stamp: number };

export async function action({ request, context }: Route.ActionArgs) {
  const { member } = await requireMember(context);
  const t = getInstance(context).t;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "details") {
    const values = readDetailValues(form);
    const parsed = parseDetails(values);
    if (!parsed.success) {
      return data<ActionData>({ form: "details", values, errors: parsed.errors }, { status: 400 });
    }
    const saved = await updateMemberDetails(member.id, parsed.details);
    if (!saved.ok) {
      return data<ActionData>(
        { form: "details", values, errors: { username: { key: "errors.usernameTaken" } } },
        { status: 409 },
      );
    }
    flashToast(context, "success", t("profile:saved"));
    return redirect("/profile");
  }

  if (intent === "reset") {
    await resetCharacter(member.id);
    flashToast(context, "success", t("avatar:resetDone"));
    return redirect("/profile#creator");
  }

  if (intent !== "save" && intent !== "preview" && intent !== "randomize") {
    return data<ActionData>(
      { form: "look", values: rawToValues(form), errors: {}, stamp: Date.now() },
      { status: 400 },
    );
  }

  const raw = readLookInput(form);
  if (intent === "randomize") raw.seed = randomSeed();
  // A switch of style without JavaScript still carries the old style's choices: let them go.
  const shownStyle = form.get("shownStyle");
  const switched = isAvatarStyle(shownStyle) && shownStyle !== (raw.style ?? DEFAULT_STYLE);
  const result = switched ? parseLookLenient(raw) : parseLook(raw);

  if (!result.success) {
    const values = { ...rawToValues(form), ...(typeof raw.seed === "string" ? { seed: raw.seed } : {}) };
    return data<ActionData>({ form: "look", values, errors: result.errors, stamp: Date.now() }, { status: 400 });
  }
  if (intent === "save") {
    await saveCharacter(member.id, result.look);
    await recordProgress(db(), member.id, { objective: "avatar" });
    flashToast(context, "success", t("avatar:saved"));
    return redirect("/profile#creator");
  }
  return data<ActionData>({ form: "look", values: lookToValues(result.look), errors: {}, stamp: Date.now() });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { t: ta } = useTranslation("avatar");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const detailsData = actionData?.form === "details" ? actionData : null;
  // Details typed before the session ended, given back after signing in again (useDraft).
  const draft = useDraft();
  const detailsDraft = !actionData && draft?.intent === "details" ? draft : null;
  const lookData = actionData?.form === "look" ? actionData : null;
  const lookValues = lookData?.values ?? loaderData.look;
  const detailsForm = useFocusFirstInvalid(detailsData);
  const lookForm = useFocusFirstInvalid(lookData);

  return (
    <div className="space-y-10">
      <PageHeading>{t("heading")}</PageHeading>

      <section aria-labelledby="details-heading" className="space-y-4">
        <h2 id="details-heading" className="text-xl font-semibold">
          {t("details.heading")}
        </h2>
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
            values={detailsData?.values ?? (detailsDraft ? { ...loaderData.details, ...detailsDraft } : loaderData.details)}
            errors={detailsData?.errors ?? {}}
          />
          <button
            type="submit"
            name="intent"
            value="details"
            disabled={busy}
            className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2 disabled:opacity-60"
          >
            {t("details.save")}
          </button>
        </Form>
      </section>

      <section id="creator" aria-labelledby="creator-heading" className="space-y-4">
        <h2 id="creator-heading" className="text-xl font-semibold">
          {ta("heading")}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{ta("intro")}</p>
        <Form ref={lookForm} method="post" preventScrollReset aria-labelledby="creator-heading" noValidate>
          <CharacterCreator
            key={lookData?.stamp ?? `v${loaderData.version ?? 0}`}
            catalogue={avatarCatalogue}
            initialValues={lookValues}
            errors={lookData?.errors ?? {}}
            shownStyle={isAvatarStyle(lookValues.style) ? lookValues.style : DEFAULT_STYLE}
          />
        </Form>
        <p className="text-sm">
          <a href={loaderData.avatarDataUri} download="glow-avatar.svg" className="underline">
            {ta("download")}
          </a>
        </p>
        <ArtCredits credits={loaderData.credits} />
      </section>
    </div>
  );
}
