import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { secondsLeft, SENT_NOTICE_ABOVE_SECONDS } from "~/features/auth/phone";
import { useHydrated } from "~/ui/client-only";
import { waitInWords } from "~/platform/wait-words";

/**
 * The spec's resend countdown. The server renders the state from its own clock (so a
 * refresh without JavaScript shows the right one); in the browser it ticks every second,
 * counted from when the page arrived, so a skewed phone clock cannot bend it.
 *
 * It counts down to whichever ends later: the spec's 65 seconds from the send, or the wait
 * the server holds for the number's next code (`resendAt`, on the server's clock: the
 * minute between codes, longer after wrong codes, decision 0504). After a failed
 * verification (`restarted`) only the server's answer counts: a wrong code starts the
 * countdown again from the top (65 s, or the longer back-off; decision 1224), the spec's
 * "resets the countdown", and it never ends before the server takes a new code.
 */
export function ResendCountdown({
  sentAt,
  serverNow,
  resendAt,
  restarted,
  phone,
  resendButton,
}: {
  sentAt: number;
  serverNow: number;
  resendAt: number;
  restarted: boolean;
  phone: string;
  resendButton: React.ReactNode;
}) {
  const { t } = useTranslation("auth");
  const waitLeft = Math.max(0, Math.ceil((resendAt - serverNow) / 1000));
  // "Code sent" only while the code step's own countdown is what the member waits for: a
  // number held back by wrong codes (a longer wait) is told that wait instead.
  const justSent = !restarted && waitLeft <= secondsLeft(sentAt, serverNow) && secondsLeft(sentAt, serverNow) > SENT_NOTICE_ABOVE_SECONDS;
  const atRender = restarted ? waitLeft : Math.max(secondsLeft(sentAt, serverNow), waitLeft);
  const [left, setLeft] = useState(atRender);
  const [sentNotice, setSentNotice] = useState(justSent);

  // Restarted by every new answer from the server (a new send, a refusal), even when it
  // gives the same number of seconds as the last one did.
  useEffect(() => {
    setLeft(atRender);
    setSentNotice(justSent);
    if (atRender === 0) return;
    const arrived = Date.now();
    const noticeLeft = justSent ? secondsLeft(sentAt, serverNow) - SENT_NOTICE_ABOVE_SECONDS : 0;
    const timer = setInterval(() => {
      const elapsed = Math.floor((Date.now() - arrived) / 1000);
      const next = Math.max(0, atRender - elapsed);
      setLeft(next);
      setSentNotice(elapsed < noticeLeft);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [atRender, justSent, sentAt, serverNow, resendAt]);

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

  if (left > 0 && sentNotice) {
    return (
      <>
        {status}
        <p aria-live="off" className="font-medium">
          {t("signin.codeSent", { phone })}
        </p>
      </>
    );
  }
  if (left > SENT_NOTICE_ABOVE_SECONDS) {
    return (
      <>
        {status}
        <p aria-live="off" className="text-slate-700 dark:text-slate-300">
          {t("signin.retryInWords", { wait: waitInWords(left, t) })}
        </p>
      </>
    );
  }
  if (left > 0) {
    return (
      <>
        {status}
        <p aria-live="off" className="text-slate-700 dark:text-slate-300">
          {t("signin.retryIn", { count: left })}
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
