/** What other features may use of salutes on the server: the rules, and staff's moderation queue. */
export { moderateSalute, reportQueue } from "./moderation.server";
export { SALUTE_RULES } from "./salutes.server";
