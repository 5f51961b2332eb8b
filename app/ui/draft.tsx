import { useTranslation } from "~/platform/translations";
import { useRouteLoaderData } from "react-router";

/**
 * What the member typed into this page's form before their session ended, given back once
 * after they signed in again (features/auth/drafts.server.ts); null otherwise.
 */
export function useDraft(): Record<string, string> | null {
  // The root loader's `draft` (a ui piece reads the root's data by its shape, not its module).
  const root = useRouteLoaderData("root") as { draft?: Record<string, string> | null } | undefined;
  const draft = root?.draft ?? null;
  // The companion's chat dialog takes its own draft (below), never a page's form.
  return draft && draft[COMPANION_DRAFT_FIELD] === undefined ? draft : null;
}

/**
 * The field that marks a draft as the companion chat dialog's: its sign-in form (offered when
 * the session ends during the chat) posts it with the message, and the dialog opens again with
 * the message after sign-in (decision 0515).
 */
export const COMPANION_DRAFT_FIELD = "companionPanel";

/** The message typed into the companion's chat dialog before the session ended, from the root's draft. */
export function companionDraftMessage(draft: Record<string, string> | null | undefined): string | null {
  return draft?.[COMPANION_DRAFT_FIELD] === "chat" ? (draft.message ?? "") : null;
}

/** Says why the form is already filled in. */
export function DraftNotice({ draft }: { draft: Record<string, string> | null }) {
  const { t } = useTranslation();
  if (!draft) return null;
  return (
    <p role="status" className="rounded-md border-l-4 border-sky-600 bg-sky-50 px-3 py-2 text-sky-950 dark:bg-sky-950 dark:text-sky-50">
      {t("draftRestored")}
    </p>
  );
}
