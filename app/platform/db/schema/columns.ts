import { timestamp } from "drizzle-orm/pg-core";

/** When a row was made: every table that records a moment uses the same column. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
