/**
 * The words a quest step is made of, as plain lists (no database code), so a screen in the
 * browser can offer them too.
 */
export const questObjectives = ["signup", "visit", "avatar", "salute", "party", "guess", "treasure", "light", "chat"] as const;
export type QuestObjective = (typeof questObjectives)[number];

/** When a step can be done: after the one before it, at any time, or once its code was scanned. */
export const stepUnlocks = ["linear", "free", "scan"] as const;
export type StepUnlock = (typeof stepUnlocks)[number];
