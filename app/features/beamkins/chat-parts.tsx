/**
 * The chat's pieces, shared by the /chat-demo page and the chat dialog: the history and
 * the message box. Messages are rendered as text (never HTML, never linked).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "~/platform/translations";
import { gapAfter, memberTextLang } from "~/ui/text-lang";
import { CHAT_MESSAGE_MAX, CHAT_TEXTAREA_MAX_PX, CHAT_TEXTAREA_MIN_PX, type ChatMessageView } from "./rules";

export function ChatMessages({
  messages,
  name,
  failure,
  pending,
  className = "",
}: {
  messages: ChatMessageView[];
  /** The beamkin's (or Glow's) name, shown on its bubbles. */
  name: string;
  /** The spec's failure bubble text, when the last message failed. */
  failure?: string | null;
  /** A message being sent: shown at once, before the reply. */
  pending?: string | null;
  className?: string;
}) {
  const { t } = useTranslation("beamkins");
  const lastIndex = messages.length - 1;
  // The log is the scrolling region (its height is capped), so the keyboard can reach it
  // and scroll it; the list inside keeps its list semantics.
  return (
    <div
      role="log"
      aria-label={t("chat.history")}
      aria-live="polite"
      tabIndex={0}
      className={`overflow-y-auto rounded-xl border border-slate-300 bg-white p-3 dark:border-slate-700 dark:bg-slate-950 ${className}`}
    >
      <ol className="flex flex-col gap-2">
      {messages.length === 0 && !pending && !failure ? (
        <li className="text-sm text-slate-600 dark:text-slate-300">{t("chat.empty")}</li>
      ) : null}
      {messages.map((m, i) => (
        <Bubble key={m.ID} role={m.Role} who={m.Role === "assistant" ? name : t("chat.you")} id={i === lastIndex ? "latest" : undefined}>
          {m.Content}
        </Bubble>
      ))}
      {pending ? (
        <Bubble role="user" who={t("chat.you")}>
          {pending}
        </Bubble>
      ) : null}
      {failure ? (
        <Bubble role="assistant" who={name} failed>
          {failure}
        </Bubble>
      ) : null}
      </ol>
    </div>
  );
}

function Bubble({
  role,
  who,
  children,
  id,
  failed = false,
}: {
  role: "user" | "assistant";
  who: string;
  children: string;
  id?: string;
  failed?: boolean;
}) {
  const { t, i18n } = useTranslation("beamkins");
  const speaker = t("chat.speaker", { who });
  const mine = role === "user";
  return (
    <li
      id={id}
      data-role={role}
      data-failed={failed || undefined}
      className={`max-w-[85%] rounded-2xl px-3 py-2 ${
        mine
          ? "self-end bg-glow-700 text-white"
          : failed
            ? "self-start border border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50"
            : "self-start bg-glow-100 text-slate-900 dark:bg-slate-800 dark:text-slate-50"
      }`}
    >
      <span className="sr-only">{speaker}{gapAfter(speaker)}</span>
      {/* Words typed (or answered) in the other language carry it (decision 0407). */}
      <span lang={memberTextLang(children, i18n.language)} className="whitespace-pre-wrap break-words">
        {children}
      </span>
    </li>
  );
}

/**
 * The message box: Enter sends (the form is submitted), Shift+Enter makes a new line,
 * and it grows from 40 to 120 px with its text (CSS field-sizing, no script needed).
 */
export function ChatTextarea({
  id,
  name,
  defaultValue,
  value,
  onChange,
  error,
  disabled,
  autoFocus,
  textareaRef,
}: {
  id: string;
  /** The beamkin's name for the placeholder. */
  name: string;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  textareaRef?: React.Ref<HTMLTextAreaElement>;
}) {
  const { t } = useTranslation("beamkins");
  // `autoFocus`: the box takes the focus when it appears (a new box after a send), and
  // carries data-autofocus for a dialog that opens around it (the dialog focuses it).
  const focusOnMount = useRef(autoFocus);
  useEffect(() => {
    if (focusOnMount.current) document.getElementById(id)?.focus();
    // Only when the box appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-semibold">
        {t("chat.label")}
      </label>
      <textarea
        ref={textareaRef}
        id={id}
        name="message"
        rows={1}
        required
        maxLength={CHAT_MESSAGE_MAX}
        placeholder={t("chat.placeholder", { name })}
        defaultValue={value === undefined ? defaultValue : undefined}
        value={value}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        disabled={disabled}
        data-autofocus={autoFocus || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onKeyDown={(event) => {
          // Enter sends; Shift+Enter (and Enter while composing Chinese) does not.
          if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          const form = event.currentTarget.form;
          // While the last message is on its way its Send button waits: a second Enter
          // would send it again (requestSubmit does not ask the button).
          if (!form || form.querySelector("button[type=submit]:disabled")) return;
          form.requestSubmit();
        }}
        style={{ minHeight: CHAT_TEXTAREA_MIN_PX, maxHeight: CHAT_TEXTAREA_MAX_PX }}
        className="block w-full resize-none overflow-y-auto rounded-md border border-slate-400 px-3 py-2 [field-sizing:content] dark:bg-slate-900"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-300">
        {t("chat.hint")}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
