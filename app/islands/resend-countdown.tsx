import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { secondsLeft, SENT_NOTICE_ABOVE_SECONDS } from "~/features/auth/phone";
import { useHydrated } from "~/features/auth/use-hydrated";

/**
 * The spec's resend countdown. The server renders the state from its own clock (so a
 * refresh without JavaScript shows the right one); in the browser it ticks every second,
 * counted from when the page arrived, so a skewed phone clock cannot bend it.
 */
export function ResendCountdown({
  sentAt,
  serverNow,
  phone,
  reset,
  resendButton,
}: {
  sentAt: number;
  serverNow: number;
  phone: string;
  /** A failed verification resets the countdown: 'Send another code' shows at once. */
  reset: boolean;
  resendButton: React.ReactNode;
}) {
  const { t } = useTranslation("auth");
  const atRender = reset ? 0 : secondsLeft(sentAt, serverNow);
  const [left, setLeft] = useState(atRender);

  useEffect(() => {
    setLeft(atRender);
    if (atRender === 0) return;
    const arrived = Date.now();
    const timer = setInterval(() => {
      const next = Math.max(0, atRender - Math.floor((Date.now() - arrived) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [atRender]);

  // Screen readers hear two moments, not every second: the code was sent, and a new one
  // may be asked for. The live region is there (empty) before it speaks, so a region
  // inserted with the code step is still announced; the ticking text itself is not live.
  const mounted = useHydrated();
  const announcement = !mounted ? "" : left > 0 ? t("signin.codeSentStatus", { phone }) : t("signin.canResend");
  const status = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );

  if (left > SENT_NOTICE_ABOVE_SECONDS) {
    return (
      <>
        {status}
        <p aria-live="off" className="font-medium">
          {t("signin.codeSent", { phone })}
        </p>
      </>
    );
  }
  if (left > 0) {
    return (
      <>
        {status}
        <p aria-live="off" className="text-slate-700 dark:text-slate-300">
          {t("signin.retryIn", { seconds: left })}
        </p>
      </>
    );
  }
  return (
    <>
      {status}
      {resendButton}
    </>
  );
}
