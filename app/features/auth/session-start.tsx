import { href } from "react-router";
import { useEffect, useRef } from "react";
import { useBackgroundRevalidate } from "~/ui/background-revalidate";

let startedThisPageLoad = false;
/** The member typed into the page since its script started (before the check, too). */
let typedSinceLoad = false;
if (typeof document !== "undefined") {
  document.addEventListener("input", (event) => event.isTrusted && (typedSinceLoad = true), true);
}

/** Text typed before the page's script ran: a field no longer holding what the page came with. */
function typedBeforeScript() {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("textarea, input")) {
    if (field.type === "hidden" || field.type === "checkbox" || field.type === "radio") continue;
    if (field.value !== field.defaultValue) return true;
  }
  return false;
}

/** The spec's fallback id when the fingerprint cannot be made: 'mobile_', a timestamp, random text. */
function fallbackFingerprint() {
  return `mobile_${Date.now()}_${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The spec's session storage key for session start: this browser session's device
 * fingerprint, made once per browser session.
 */
export const PREVIOUS_SESSION_KEY = "previous-session";

function keptFingerprint(): string | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(PREVIOUS_SESSION_KEY) ?? "null") as { fingerprint?: unknown } | null;
    return typeof stored?.fingerprint === "string" && stored.fingerprint ? stored.fingerprint : null;
  } catch {
    return null; // storage refused (private mode) or not ours: make it afresh
  }
}

function keepFingerprint(fingerprint: string) {
  try {
    window.sessionStorage.setItem(PREVIOUS_SESSION_KEY, JSON.stringify({ fingerprint }));
  } catch {
    /* without session storage the fingerprint is made again next time: slower, not wrong */
  }
}

/** This browser session's device fingerprint: made once, then read from session storage. */
async function deviceFingerprint(): Promise<string> {
  const kept = keptFingerprint();
  if (kept) return kept;
  let fingerprint: string;
  try {
    // Loaded only now, after consent, in its own chunk; monitoring off (no network).
    const FingerprintJS = await import("@fingerprintjs/fingerprintjs");
    const agent = await FingerprintJS.load({ monitoring: false });
    fingerprint = (await agent.get()).visitorId;
  } catch {
    fingerprint = fallbackFingerprint();
  }
  keepFingerprint(fingerprint);
  return fingerprint;
}

/**
 * The spec's session start, after cookie acceptance: make a device fingerprint, validate
 * the session with it, and when the server's answer differs from what the page shows
 * (a link from another site arrived without the Strict cookie: auto sign-in; or the
 * session ended elsewhere), re-fetch the page's data. Never blocks the page: it waits
 * for an idle moment and swallows its own failures.
 *
 * Once per session, not on every page: nothing runs, and the fingerprint's script is not
 * loaded, when the server already holds a fingerprint for this session (`validated`). The
 * fingerprint itself is made once per browser session and kept in session storage, so a
 * new sign-in in the same tab validates without the fingerprint library. (At a 4× slower
 * phone's pace the library is about a second of main-thread work: issue 26.)
 *
 * A session found ended while the member has started typing leaves the page alone: the
 * re-fetch would move to sign-in and lose the text, while sending the form keeps it
 * through sign-in (decision 0109) and says why sign-in is needed.
 */
export function SessionStart({
  signedIn,
  validated,
}: {
  signedIn: boolean;
  /** The server already validated this session with a fingerprint. */
  validated: boolean;
}) {
  const revalidate = useBackgroundRevalidate();
  // Compared when the answer arrives: the member may have signed out meanwhile.
  const shown = useRef(signedIn);
  useEffect(() => {
    shown.current = signedIn;
  }, [signedIn]);
  useEffect(() => {
    if (startedThisPageLoad) return;
    startedThisPageLoad = true;
    if (validated) return;
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    idle(() => {
      void (async () => {
        const fingerprint = await deviceFingerprint();
        const asked = shown.current;
        const response = await fetch(href("/sessionvalidation"), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({ fingerprint }),
        });
        const body = (await response.json().catch(() => null)) as { result?: { memberID?: number } | null } | null;
        const validatedNow = Boolean(body?.result?.memberID);
        // The member signed in or out while the answer was on its way: it is about a page
        // that is gone.
        if (shown.current !== asked) return;
        if (!validatedNow && shown.current && (typedSinceLoad || typedBeforeScript())) return;
        if (validatedNow !== shown.current) await revalidate();
      })().catch(() => {
        /* a soft signal: failure changes nothing */
      });
    });
    // Once per page load; the signed-in state at that moment is what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
