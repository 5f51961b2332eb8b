/** What other features may use of staff on the server: staff sessions and sign-in (the JSON API), passwords (the demo world). */
export { hashPassword } from "./passwords.server";
export { findStaffSession, staffSessionIdOf, type StaffMember } from "./sessions.server";
export { StaffSignIn } from "./sign-in.server";
