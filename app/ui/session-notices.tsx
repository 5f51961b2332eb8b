import { useState } from "react";
import { useLocation } from "react-router";
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
 *
 * Only while that page stays: the root never remounts, so the kept notice is tied to the
 * location it was shown at. The next page (after "Accept" on the invitation the member
 * signed in for) shows what its own data says, not the sign-in again (issue 40).
 */
export function SessionNotices({ flags }: { flags: SessionNoticeFlags | undefined }) {
  const { t } = useTranslation();
  const current = flags ?? NO_NOTICES;
  // A location's key changes with every navigation, and only then (not on a revalidation).
  const { key } = useLocation();
  const [kept, setKept] = useState({ key, shown: current });
  // React's way to keep what an earlier render saw: update state while rendering.
  if (kept.key !== key) setKept({ key, shown: current });
  else if ((current.loggedIn && !kept.shown.loggedIn) || (current.loggedOut && !kept.shown.loggedOut)) setKept({ key, shown: current });
  const shown = kept.key === key ? kept.shown : current;
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
