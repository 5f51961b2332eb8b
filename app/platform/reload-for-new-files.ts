/**
 * A part of a page whose code loads later (decisions 1124, 1025: the avatar creator, the
 * console's and the quest map's occasional parts, a beamkin's art, client-only islands) and
 * whose file cannot be fetched: most often a deploy replaced it while the page was open, and
 * the page asks for a file name the new Glow no longer has. Vite announces every such
 * failure as `vite:preloadError`; the page is then loaded afresh, once, so it comes with the
 * files of the Glow that serves it now (decision 1033).
 *
 * Not when the browser knows it is offline: a reload would trade the page for the browser's
 * own error, and the error screen says Glow could not be reached. Not twice within
 * `RELOAD_AGAIN_AFTER_MS` either: a file that is still missing after a fresh load is not a
 * deploy, and the error screen's "Reload Page" is left to the member instead of a loop.
 */
export const RELOAD_AGAIN_AFTER_MS = 60_000;
/** The tab's note of when it last reloaded for a part's file (session storage). */
export const RELOADED_AT_KEY = "glow-reloaded-for-files";

export type ReloadEnvironment = {
  now: () => number;
  online: () => boolean;
  /** The tab's session storage; reading it may throw where storage is blocked. */
  storage: () => Pick<Storage, "getItem" | "setItem">;
  reload: () => void;
};

/** Reloads the page for a part's file that could not be loaded, when that may help. Returns whether it did. */
export function reloadForNewFiles(env: ReloadEnvironment): boolean {
  if (!env.online()) return false;
  try {
    const storage = env.storage();
    const last = Number(storage.getItem(RELOADED_AT_KEY));
    if (last && env.now() - last < RELOAD_AGAIN_AFTER_MS) return false;
    storage.setItem(RELOADED_AT_KEY, String(env.now()));
  } catch {
    // Without storage a loop could not be told from a first try.
    return false;
  }
  env.reload();
  return true;
}

/** Listens for Vite's failed loads in this browser tab. */
export function listenForMissingFiles() {
  window.addEventListener("vite:preloadError", () => {
    reloadForNewFiles({
      now: Date.now,
      online: () => navigator.onLine,
      storage: () => window.sessionStorage,
      reload: () => window.location.reload(),
    });
  });
}
