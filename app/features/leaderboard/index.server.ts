/** What other features may use of the leaderboard on the server: scores given and recomputed. */
export { awardScore, recomputeScores, weekStart } from "./score.server";
