/** QRcode's link as text to copy (and, with JavaScript, a Copy button and a Print button). */
import { useState } from "react";
import { useTranslation } from "~/platform/translations";
import { useHydrated } from "~/ui/client-only";
import { fieldClass, mutedText } from "~/ui/fields";
import { secondaryButton } from "~/ui/buttons";

export function ShareLink({ link }: { link: string }) {
  const { t } = useTranslation("parties");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-2">
      <label htmlFor="share-link" className="block font-medium">
        {t("qr.link")}
      </label>
      <input id="share-link" readOnly value={link} className={`${fieldClass} font-mono text-sm`} onFocus={(e) => e.currentTarget.select()} data-testid="invite-link" />
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false))}
          >
            {t("qr.copy")}
          </button>
          <button type="button" className={secondaryButton} onClick={() => window.print()}>
            {t("qr.print")}
          </button>
          <span role="status" className={mutedText}>
            {copied ? t("qr.copied") : ""}
          </span>
        </div>
      ) : (
        <p className={`${mutedText} print:hidden`}>{t("qr.printHint")}</p>
      )}
    </div>
  );
}
