import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/compliment";
import { ComplimentForm } from "~/features/salutes/schemas";
import { handleSend, loadPicker } from "~/features/salutes/send.server";
import { FormError, GemsField, MessageField, primaryButton, RecipientPicker, useSaluteFocus } from "~/features/salutes/ui";
import { retryAfterOfAction } from "~/platform/retry-after";
import { getInstance } from "~/platform/i18n.server";
import { DraftNotice, useDraft } from "~/ui/draft";
import { refreshAfterConflict } from "~/platform/refresh-after-conflict";

export const handle = { i18n: ["salutes"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { memberId: _, ...picker } = await loadPicker(request);
  return { ...picker, title: getInstance(context).t("salutes:compliment.title") };
}

/** A limit's Retry-After (the secret salutes' daily cap) reaches the browser too. */
export const headers = retryAfterOfAction;

export async function action({ request, context }: Route.ActionArgs) {
  return handleSend(
    request,
    context,
    ComplimentForm,
    (v, senderId) => ({ kind: "compliment", senderId, recipientId: v.recipientId, message: v.message, gems: v.gems }),
    ({ postId }) => `/newsfeed/compliment/${postId}`,
    "salutes:compliment.sent",
  );
}

/** Gems or light spent elsewhere: a refusal comes with the page's fresh counts. */
export const shouldRevalidate = refreshAfterConflict;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Compliment"} · Glow` }];

export default function Compliment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("salutes");
  const busy = useNavigation().state === "submitting";
  const { recipient } = loaderData;
  const draft = useDraft();
  const values = actionData?.values ?? draft ?? undefined;
  const errors = actionData?.errors ?? {};
  const page = useSaluteFocus(recipient?.id ?? null, actionData);
  return (
    <div ref={page} className="space-y-5">
      <h1 className="font-righteous text-3xl text-glow-700 dark:text-glow-300">{t("compliment.heading")}</h1>
      <p>{t("compliment.intro")}</p>
      <RecipientPicker basePath="/compliment" q={loaderData.q} results={loaderData.results} recipient={recipient} error={errors.recipientId} />
      {recipient ? (
        <Form method="post" className="space-y-4" aria-label={t("compliment.heading")}>
          <DraftNotice draft={actionData ? null : draft} />
          <FormError message={errors.form} />
          <input type="hidden" name="recipientId" value={recipient.id} />
          <MessageField label={t("compliment.message")} value={values?.message} error={errors.message} />
          <GemsField left={loaderData.gemsLeft} value={values?.gems} error={errors.gems} />
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? t("sending") : t("compliment.send")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
