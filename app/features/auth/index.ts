/** What other features may use of auth anywhere, the browser included: phone numbers as shown. */
export { digitsOf, displayPhone } from "./phone";
