import { renderToStaticMarkup } from "react-dom/server";
import type { i18n as I18n } from "i18next";
import { MemoryRouter } from "react-router";
import { BASE_URL, callRoute } from "../../tests/support/route";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { describe, expect, it, vi } from "vitest";
import { pausableTimer, TOAST_AUTO_CLOSE_MS, Toaster, type TimerClock } from "./toaster";
import { TranslationsProvider } from "~/platform/translations";

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: TimerClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.callback();
      }
    }
  };
  return { clock, advance };
}


/** The server's i18n instance for a language, as a page's render gets it. */
async function i18nFor(lng: string) {
  setMasterSecret("companion-ui-test-secret-0123456789");
  const call = await callRoute(({ context }) => getInstance(context), new Request(`${BASE_URL}/newsfeed?lng=${lng}`));
  return call.result as I18n;
}

describe("a toast's countdown", () => {
  it("runs out after its time when nobody touches the toast (the spec's 3000 ms)", () => {
    const { clock, advance } = fakeClock();
    const done = vi.fn();
    pausableTimer(TOAST_AUTO_CLOSE_MS, done, clock);
    advance(2999);
    expect(done).not.toHaveBeenCalled();
    advance(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it("holds while hovered or focused, and goes on with what was left", () => {
    const { clock, advance } = fakeClock();
    const done = vi.fn();
    const timer = pausableTimer(3000, done, clock);
    advance(2000);
    timer.pause("hover");
    advance(60_000);
    expect(done).not.toHaveBeenCalled();
    expect(timer.left).toBe(1000);
    timer.resume("hover");
    advance(999);
    expect(done).not.toHaveBeenCalled();
    advance(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it("stays held while any reason holds it (focus still inside after the pointer left)", () => {
    const { clock, advance } = fakeClock();
    const done = vi.fn();
    const timer = pausableTimer(3000, done, clock);
    timer.pause("hover");
    timer.pause("focus");
    timer.resume("hover");
    advance(10_000);
    expect(done).not.toHaveBeenCalled();
    timer.resume("focus");
    advance(3000);
    expect(done).toHaveBeenCalledOnce();
  });

  it("never fires once cancelled (the toast was closed with ×)", () => {
    const { clock, advance } = fakeClock();
    const done = vi.fn();
    const timer = pausableTimer(3000, done, clock);
    timer.cancel();
    timer.resume();
    advance(10_000);
    expect(done).not.toHaveBeenCalled();
  });
});

describe("the toaster as the server renders it", () => {
  it("has no × without JavaScript (it could do nothing), and the CSS closing", async () => {
    const en = await i18nFor("en");
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <TranslationsProvider translations={serverTranslations(en)}>
          <Toaster toast={{ message: "Could not save", type: "error" }} />
        </TranslationsProvider>
      </MemoryRouter>,
    );
    expect(html).toContain('aria-label="Notifications"');
    expect(html).toContain("Could not save");
    expect(html).toContain("toast-auto-close");
    expect(html).not.toContain("<button");
  });
});
