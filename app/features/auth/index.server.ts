/**
 * What other features may use of auth on the server: who acts (the principal and its
 * guards), the phone sign-in's steps for the JSON API, and the sign-in address that
 * brings a member back. Everything else in this folder is auth's own (decision 1202).
 */
export {
  accessLevelFor,
  currentMember,
  findSessionMember,
  hasRole,
  requireMember,
  requireRole,
  type AccessLevel,
  type CurrentMember,
  type MemberRole,
} from "./principal.server";
export { areaMember, memberArea } from "./area.server";
export { checkSignInCode, sendSignInCode, signInText } from "./sign-in.server";
export { signInUrl } from "./sign-in-return.server";
