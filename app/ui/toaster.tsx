import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { useLocation } from "react-router";
import { useHydrated } from "~/ui/client-only";

export const TOAST_AUTO_CLOSE_MS = 3000;
/** The older username/password flow's pages (/login, /dashboard): the spec's 5000 ms. */
export const STAFF_TOAST_AUTO_CLOSE_MS = 5000;

export interface ToastData {
  message: string;
  type: "success" | "error" | "info" | "warning";
  description?: string;
}

const SHOW_TOAST_EVENT = "glow:toast";

/** Shows a toast from the browser (e.g. one carried by an action's answer). */
export function showToast(toast: ToastData) {
  window.dispatchEvent(new CustomEvent<ToastData>(SHOW_TOAST_EVENT, { detail: toast }));
}

/** The clock a timer runs on (the browser's, or a test's). */
export interface TimerClock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const browserClock: TimerClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A timer that can be held: `pause` stops the countdown, `resume` goes on with what was
 * left. Several reasons can hold it at once (hovered and focused): it runs only when none
 * does.
 */
export function pausableTimer(ms: number, onDone: () => void, clock: TimerClock = browserClock) {
  let left = ms;
  let startedAt = 0;
  let handle: unknown = null;
  let done = false;
  const holds = new Set<string>();
  const start = () => {
    if (done || handle !== null || holds.size > 0) return;
    startedAt = clock.now();
    handle = clock.setTimeout(() => {
      handle = null;
      done = true;
      onDone();
    }, left);
  };
  const stop = () => {
    if (handle === null) return;
    clock.clearTimeout(handle);
    handle = null;
    left = Math.max(0, left - (clock.now() - startedAt));
  };
  start();
  return {
    pause(reason = "pause") {
      holds.add(reason);
      stop();
    },
    resume(reason = "pause") {
      holds.delete(reason);
      start();
    },
    cancel() {
      done = true;
      stop();
    },
    /** Milliseconds left (while it runs, as of its last start). */
    get left() {
      return left;
    },
  };
}

interface ShownToast extends ToastData {
  key: number;
  /** The page it was shown on: a toast about one page leaves when another opens. */
  path: string;
}

const tone: Record<ToastData["type"], string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
  info: "border-sky-600 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50",
  warning: "border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
};

/**
 * Toasts at the bottom right, announced to screen readers, closing after 3000 ms (a page
 * may ask for longer: the staff pages' 5000 ms). The closing is a CSS animation too, so
 * server-rendered toasts close without JavaScript.
 *
 * On a phone (narrower than 40rem) they sit at the top instead, over the site header: at
 * the bottom they covered the page's main control ("Signin successful!" on the invitation's
 * Accept at 390×844), which a phone puts within reach of the thumb (decision 1220).
 */
export function Toaster({ toast, closeAfterMs = TOAST_AUTO_CLOSE_MS }: { toast: ToastData | null; closeAfterMs?: number }) {
  const { t } = useTranslation();
  // The first toast takes key 0 during render; later ones count on from 1 in effects
  // (a ref must not be read while rendering).
  const counter = useRef(1);
  const { pathname } = useLocation();
  const [toasts, setToasts] = useState<ShownToast[]>(() => (toast ? [{ ...toast, key: 0, path: pathname }] : []));
  const seen = useRef(toast);
  const shownOn = useRef(pathname);

  // Another page opened: the last page's toasts go (say "Code sent" no longer covers the
  // signup form under "Signin successful!"). This runs before the new page's own toast is added.
  useEffect(() => {
    shownOn.current = pathname;
    setToasts((list) => (list.every((item) => item.path === pathname) ? list : list.filter((item) => item.path === pathname)));
  }, [pathname]);

  useEffect(() => {
    if (!toast || toast === seen.current) return;
    seen.current = toast;
    setToasts((list) => [...list, { ...toast, key: counter.current++, path: shownOn.current }]);
  }, [toast]);

  useEffect(() => {
    const onShow = (event: Event) => {
      const detail = (event as CustomEvent<ToastData>).detail;
      setToasts((list) => [...list, { ...detail, key: counter.current++, path: shownOn.current }]);
    };
    window.addEventListener(SHOW_TOAST_EVENT, onShow);
    return () => window.removeEventListener(SHOW_TOAST_EVENT, onShow);
  }, []);

  const dismiss = (key: number) => setToasts((list) => list.filter((item) => item.key !== key));
  const region = useRef<HTMLElement>(null);
  useToastRoom(region, toasts.length);

  return (
    <section
      ref={region}
      aria-label={t("toast.region")}
      data-toaster=""
      className="pointer-events-none mr-4 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2 last:mb-4 max-sm:fixed max-sm:inset-x-0 max-sm:top-0 max-sm:mx-auto max-sm:mt-2 max-sm:w-[calc(100vw-1rem)] max-sm:last:mb-0"
    >
      <div role="status" aria-live="polite" aria-atomic="false" className="flex flex-col gap-2">
        {toasts.map((item) => (
          <Toast key={item.key} toast={item} closeAfterMs={closeAfterMs} onDismiss={() => dismiss(item.key)} />
        ))}
      </div>
    </section>
  );
}

/** The CSS variable (on <html>) holding the room the toasts take at the bottom of the screen. */
export const TOAST_ROOM_VARIABLE = "--toast-room";
/** The same at the top of the screen, where a phone shows them (decision 1220). */
export const TOAST_ROOM_TOP_VARIABLE = "--toast-room-top";

/**
 * Toasts never cover the control that answers them (decisions 0514, 1220): the page keeps
 * room for them in its scroll padding (and, at the bottom, at its foot: app.css reads the
 * variables), measured here, and the control that has the focus (the answer a form just
 * gave) is scrolled clear of them.
 */
function useToastRoom(region: React.RefObject<HTMLElement | null>, count: number) {
  useLayoutEffect(() => {
    const el = region.current;
    const root = document.documentElement;
    const forget = () => {
      root.style.removeProperty(TOAST_ROOM_VARIABLE);
      root.style.removeProperty(TOAST_ROOM_TOP_VARIABLE);
    };
    if (!el || count === 0) {
      forget();
      return;
    }
    const clear = () => {
      const toasts = el.getBoundingClientRect();
      // Where the toasts are is the stylesheet's choice (the top on a phone): measured, not assumed.
      const atTop = toasts.top < window.innerHeight / 2;
      // The gap between the toasts and what is beside them (the header, the cookie banner) counts too.
      root.style.setProperty(atTop ? TOAST_ROOM_TOP_VARIABLE : TOAST_ROOM_VARIABLE, `${Math.ceil(toasts.bottom - toasts.top + 16)}px`);
      root.style.removeProperty(atTop ? TOAST_ROOM_VARIABLE : TOAST_ROOM_TOP_VARIABLE);
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || !document.getElementById("main")?.contains(focused)) return;
      const control = focused.getBoundingClientRect();
      if (atTop ? control.top < toasts.bottom : control.bottom > toasts.top) focused.scrollIntoView({ block: "nearest" });
    };
    clear();
    const observer = new ResizeObserver(clear);
    observer.observe(el);
    return () => observer.disconnect();
  }, [region, count]);
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty(TOAST_ROOM_VARIABLE);
      document.documentElement.style.removeProperty(TOAST_ROOM_TOP_VARIABLE);
    },
    [],
  );
}

/**
 * One toast. It closes after `closeAfterMs` (the CSS fade, then it leaves the page), but not
 * while it is hovered or has the focus: the fade and the countdown both wait (WCAG 2.2.1).
 * The × appears with JavaScript only: without it, it could do nothing.
 */
function Toast({ toast, closeAfterMs, onDismiss }: { toast: ShownToast; closeAfterMs: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  const timer = useRef<ReturnType<typeof pausableTimer> | null>(null);
  useEffect(() => {
    const current = pausableTimer(closeAfterMs + 300, () => dismiss.current());
    timer.current = current;
    return () => current.cancel();
  }, [closeAfterMs]);
  return (
    <div
      data-toast-type={toast.type}
      style={closeAfterMs === TOAST_AUTO_CLOSE_MS ? undefined : ({ "--toast-close-after": `${closeAfterMs}ms` } as React.CSSProperties)}
      className={`toast-auto-close pointer-events-auto flex items-start gap-2 rounded-lg border-l-4 py-1 pe-1 ps-4 shadow-lg ${tone[toast.type]}`}
      onPointerEnter={() => timer.current?.pause("hover")}
      onPointerLeave={() => timer.current?.resume("hover")}
      onFocus={() => timer.current?.pause("focus")}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) timer.current?.resume("focus");
      }}
    >
      <div className="min-w-0 flex-1 py-2">
        <p className="font-semibold">{toast.message}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
      {hydrated ? (
        <button
          type="button"
          aria-label={t("toast.close")}
          data-testid="toast-close"
          className="flex size-11 shrink-0 items-center justify-center rounded-md text-2xl leading-none hover:bg-black/5 dark:hover:bg-white/10"
          onClick={onDismiss}
        >
          ×
        </button>
      ) : (
        // Without JavaScript the toast is as tall as it is with the ×.
        <span aria-hidden="true" className="block h-11 w-1 shrink-0" />
      )}
    </div>
  );
}
