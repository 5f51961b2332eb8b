/** Shared pieces of the party screens. */
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/translations";
import { AvatarImage } from "~/features/avatars";
import { memberTextLang } from "~/ui/text-lang";

// The form pieces are app/ui's (issue 37, point 4). These names stay only for the route
// modules that still import them from here (being split by other work at the time); a
// route imports them from ~/ui/fields, ~/ui/form and ~/ui/buttons, and once none imports
// them from here this re-export goes.
export { FieldError, fieldClass as inputClass, mutedText } from "~/ui/fields";
export { FormError } from "~/ui/form";
export { dangerButton, primaryButton, secondaryButton } from "~/ui/buttons";

export const cardClass = "rounded-lg border border-slate-300 p-4 dark:border-slate-700";
export const linkClass = "font-medium text-glow-900 underline underline-offset-2 dark:text-glow-300";

/** An explanation box: what happened and what to do next. */
export function Notice({ tone = "info", title, children, testId }: { tone?: "info" | "warn" | "ok"; title?: string; children: ReactNode; testId?: string }) {
  const tones = {
    info: "border-sky-700 bg-sky-50 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50",
    warn: "border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50",
    ok: "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50",
  };
  return (
    <div className={`rounded-lg border p-4 ${tones[tone]}`} data-testid={testId}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? "mt-1 space-y-2" : "space-y-2"}>{children}</div>
    </div>
  );
}

/** A party's or contest's name: a member's words, in their language where it is not the page's (decision 0407). */
export function MemberText({ text, className }: { text: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span lang={memberTextLang(text, i18n.language)} className={className}>
      {text}
    </span>
  );
}

/** A person as the party screens show them: avatar and name. */
export function PersonChip({ name, avatarUrl, size = 32 }: { name: string; avatarUrl: string; size?: number }) {
  const { t } = useTranslation("parties");
  return (
    <span className="inline-flex items-center gap-2">
      <AvatarImage src={avatarUrl} alt={t("avatarOf", { name })} size={size} />
      <span>{name}</span>
    </span>
  );
}

/** The join code as people read it: large, spaced, in a face without look-alikes. */
export function JoinCode({ shown, testId }: { shown: string; testId?: string }) {
  return (
    <p className="font-mono text-3xl font-bold tracking-[0.2em]" data-testid={testId}>
      {shown}
    </p>
  );
}
