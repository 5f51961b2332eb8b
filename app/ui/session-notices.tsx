import { useState } from "react";
import { useTranslation } from "~/platform/translations";

export interface SessionNoticeFlags {
  loggedIn: boolean;
  loggedOut: boolean;
}

const NO_NOTICES: SessionNoticeFlags = { loggedIn: false, loggedOut: false };

/**
 * The spec's 'You have successfully logged in!' / '…logged out!' notices, on the page the
 * member lands on (the newsfeed after signing in, home after signing out). The flags are
 * flashed: the root loader reads them once, and data fetched again on the same page (the
 * session check after consent revalidates) no longer has them, yet the member should still
 * read the notice, so what was shown is kept while the page stays.
 */
export function SessionNotices({ flags }: { flags: SessionNoticeFlags | undefined }) {
  const { t } = useTranslation();
  const current = flags ?? NO_NOTICES;
  const [shown, setShown] = useState(current);
  // React's way to keep what an earlier render saw: update state while rendering.
  if ((current.loggedIn && !shown.loggedIn) || (current.loggedOut && !shown.loggedOut)) setShown(current);
  if (!shown.loggedIn && !shown.loggedOut) return null;
  return (
    <div className="mb-6 space-y-2">
      {shown.loggedIn ? <Notice>{t("home.loggedIn")}</Notice> : null}
      {shown.loggedOut ? <Notice>{t("home.loggedOut")}</Notice> : null}
    </div>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-emerald-600 bg-emerald-50 px-4 py-3 font-semibold text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50"
    >
      {children}
    </p>
  );
}
