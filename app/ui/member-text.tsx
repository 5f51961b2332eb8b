/**
 * Words a member wrote (a party's or contest's name, a removal's reason), marked with their
 * language where it is not the page's, so a screen reader reads them in the right voice
 * (decision 0407, text-lang.ts).
 */
import { useTranslation } from "~/platform/translations";
import { memberTextLang } from "./text-lang";

export function MemberText({ text, className }: { text: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span lang={memberTextLang(text, i18n.language)} className={className}>
      {text}
    </span>
  );
}
