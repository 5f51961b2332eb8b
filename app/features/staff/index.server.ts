/**
 * What other features may use of staff on the server: staff sessions and sign-in (the JSON
 * API), passwords (the demo world, which seeds its accounts and, when it was not asked for,
 * takes their published passwords away: decision 1101).
 */
export { staffArea } from "./area.server";
export { setStaffPassword } from "./accounts.server";
export { OPERATOR } from "./audit.server";
export { checkPassword, hashPassword } from "./passwords.server";
export { findStaffSession, staffSessionIdOf, type StaffMember } from "./sessions.server";
export { StaffSignIn, staffSignInRefusals } from "./sign-in.server";
