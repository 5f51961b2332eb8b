/**
 * What other features may use of parties on the server: invitation tokens (contests invite
 * judges and ringleaders the same way), people by id, party points, contest names by id, and the transaction a
 * party command's refusal rolls back (`inTransaction`).
 */
export { contestNames } from "./contests.server";
export { hashInviteToken, inviteProblem, isTokenShaped, newToken } from "./invites.server";
export { peopleByIds } from "./people.server";
export { creditParties, partyStandings } from "./points.server";
export { inTransaction } from "./tx.server";
