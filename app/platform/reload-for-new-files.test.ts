import { describe, expect, it } from "vitest";
import { RELOAD_AGAIN_AFTER_MS, RELOADED_AT_KEY, reloadForNewFiles, type ReloadEnvironment } from "./reload-for-new-files";

/** A tab: a clock moved by hand, its session storage and the reloads it was asked for. */
function tab({ online = true, storageBlocked = false } = {}) {
  const stored = new Map<string, string>();
  const state = { now: 1_000_000, online, reloads: 0 };
  const env: ReloadEnvironment = {
    now: () => state.now,
    online: () => state.online,
    storage: () => {
      if (storageBlocked) throw new DOMException("The operation is insecure.", "SecurityError");
      return { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) };
    },
    reload: () => void (state.reloads += 1),
  };
  return { env, state, stored };
}

describe("a part's file that cannot be loaded (decision 1033)", () => {
  it("reloads the page once, noting when in the tab's session", () => {
    const { env, state, stored } = tab();
    expect(reloadForNewFiles(env)).toBe(true);
    expect(state.reloads).toBe(1);
    expect(stored.get(RELOADED_AT_KEY)).toBe(String(state.now));
  });

  it("does not reload again within a minute: a file still missing after a fresh load is left to the error screen", () => {
    const { env, state } = tab();
    reloadForNewFiles(env);
    state.now += RELOAD_AGAIN_AFTER_MS - 1;
    expect(reloadForNewFiles(env)).toBe(false);
    expect(state.reloads).toBe(1);
    // A later deploy, later on: reloaded again.
    state.now += 1;
    expect(reloadForNewFiles(env)).toBe(true);
    expect(state.reloads).toBe(2);
  });

  it("does not reload while the browser is offline, nor where storage is blocked", () => {
    const offline = tab({ online: false });
    expect(reloadForNewFiles(offline.env)).toBe(false);
    expect(offline.state.reloads).toBe(0);
    const blocked = tab({ storageBlocked: true });
    expect(reloadForNewFiles(blocked.env)).toBe(false);
    expect(blocked.state.reloads).toBe(0);
  });
});
