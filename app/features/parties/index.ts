/** What other features may use of parties anywhere: join codes, the invitation's lifetime, party display pieces. */
export { newJoinCode } from "./join-code";
export { INVITE_TTL_MS } from "./rules";
// The form pieces here (FieldError, FormError, the buttons, mutedText) are app/ui's, passed
// through ./ui until contests/compete-sections.tsx imports them from ~/ui itself.
export { cardClass, FieldError, FormError, linkClass, MemberText, mutedText, Notice, primaryButton, secondaryButton } from "./ui";
