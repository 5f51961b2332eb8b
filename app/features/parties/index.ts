/** What other features may use of parties anywhere: join codes and the invitation's lifetime. */
export { newJoinCode } from "./join-code";
export { INVITE_TTL_MS } from "./rules";
