/**
 * The game master's console's parts a game master needs now and then, not at every visit:
 * the requests dialog and the invitations (console-requests.tsx), a round's results and
 * their publishing (console-results.tsx), the overrides and the audit trail
 * (console-overrides.tsx), and the forms of a contest (console-contest-forms.tsx) and of a
 * round (console-round-forms.tsx). The console (console-sections.tsx) loads them with React's
 * `lazy` through this one module, so their code is one chunk of its own, not part of the
 * page's first scripts; the server renders them whole (decision 1124).
 */
export { AuditTrail, Overrides } from "./console-overrides";
export { ContestFields, FreezeBoard, NewContest, StatusChange } from "./console-contest-forms";
export { Invites, RequestModal } from "./console-requests";
export { PublishRound, Results } from "./console-results";
export { NewRound, RoundFields } from "./console-round-forms";
