import { useTranslation } from "~/platform/translations";
import { Form, Link, href } from "react-router";
import { RedirectField } from "~/ui/redirect-field";
import { primaryButton, secondaryButton } from "~/ui/buttons";

export interface MemberSummary {
  id: number;
  displayName: string;
  accessLevel: 0 | 1 | 2;
  isGamemaster: boolean;
  isRingleader: boolean;
  isJudge: boolean;
}

/** The header's account corner: Sign in, or who is signed in and a Sign out form. */
export function AccountArea({ member }: { member: MemberSummary | null }) {
  const { t } = useTranslation("auth");
  if (!member) {
    return (
      <Link to={href("/signin")} className={`${primaryButton} px-3 py-1 text-sm`}>
        {t("header.signIn")}
      </Link>
    );
  }
  return (
    <Form
      method="post"
      action={href("/signout")}
      className="flex items-center gap-2 text-sm"
      // The spec's sign-out sets storyMuted; the browser keeps its copy of it too.
      onSubmit={() => localStorage.setItem("storyMuted", "true")}
    >
      <RedirectField />
      <span className="max-w-[12rem] truncate">{t("header.signedInAs", { name: member.displayName })}</span>
      <button type="submit" className={`${secondaryButton} px-2 py-1`}>
        {t("header.signOut")}
      </button>
    </Form>
  );
}
