/**
 * The whole game's data model, one file per capability, re-exported here so drizzle and
 * every query import one place. Money-like counts (gems, light, stars) are either ledgers
 * or columns with CHECK constraints, so no code path can push them out of their bounds.
 */
export * from "./system";
export * from "./email";
export * from "./identity";
export * from "./avatars";
export * from "./beamkins";
export * from "./contests";
export * from "./parties";
export * from "./quests";
export * from "./treasures";
export * from "./guesses";
export * from "./social";
export * from "./staff";
