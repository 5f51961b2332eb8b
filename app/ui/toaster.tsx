import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export const TOAST_AUTO_CLOSE_MS = 3000;

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

interface ShownToast extends ToastData {
  key: number;
}

const tone: Record<ToastData["type"], string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
  info: "border-sky-600 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50",
  warning: "border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
};

/**
 * Toasts at the bottom right, announced to screen readers, closing after 3000 ms.
 * The closing is a CSS animation too, so server-rendered toasts close without JavaScript.
 */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const { t } = useTranslation();
  // The first toast takes key 0 during render; later ones count on from 1 in effects
  // (a ref must not be read while rendering).
  const counter = useRef(1);
  const [toasts, setToasts] = useState<ShownToast[]>(() => (toast ? [{ ...toast, key: 0 }] : []));
  const seen = useRef(toast);

  useEffect(() => {
    if (!toast || toast === seen.current) return;
    seen.current = toast;
    setToasts((list) => [...list, { ...toast, key: counter.current++ }]);
  }, [toast]);

  useEffect(() => {
    const onShow = (event: Event) => {
      const detail = (event as CustomEvent<ToastData>).detail;
      setToasts((list) => [...list, { ...detail, key: counter.current++ }]);
    };
    window.addEventListener(SHOW_TOAST_EVENT, onShow);
    return () => window.removeEventListener(SHOW_TOAST_EVENT, onShow);
  }, []);

  useEffect(() => {
    if (toasts.length === 0) return;
    const oldest = toasts[0]!;
    const timer = setTimeout(
      () => setToasts((list) => list.filter((item) => item.key !== oldest.key)),
      TOAST_AUTO_CLOSE_MS + 300,
    );
    return () => clearTimeout(timer);
  }, [toasts]);

  return (
    <section
      aria-label={t("toast.region")}
      className="pointer-events-none mr-4 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2 last:mb-4"
    >
      <div role="status" aria-live="polite" aria-atomic="false" className="flex flex-col gap-2">
        {toasts.map((item) => (
          <div
            key={item.key}
            data-toast-type={item.type}
            className={`toast-auto-close pointer-events-auto flex items-start gap-2 rounded-lg border-l-4 px-4 py-3 shadow-lg ${tone[item.type]}`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{item.message}</p>
              {item.description ? <p className="text-sm">{item.description}</p> : null}
            </div>
            <button
              type="button"
              aria-label={t("toast.close")}
              className="rounded px-1 text-lg leading-none"
              onClick={() => setToasts((list) => list.filter((x) => x.key !== item.key))}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
