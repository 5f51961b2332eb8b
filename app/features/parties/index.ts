/** What other features may use of parties anywhere: join codes, the invitation's lifetime, form pieces. */
export { newJoinCode } from "./join-code";
export { INVITE_TTL_MS } from "./rules";
// Form pieces other screens borrow until they move to app/ui (issue 37, point 4).
export { cardClass, FieldError, FormError, linkClass, MemberText, mutedText, Notice, primaryButton, secondaryButton } from "./ui";
