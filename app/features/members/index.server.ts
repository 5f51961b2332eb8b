/** What other features may use of members on the server: names as shown, the details form's rules, signed up or not. */
export { displayName, generatedName } from "./member-name.server";
export { hasSignedUp, memberDetailsSchema } from "./profile.server";
