/**
 * Staff (the older username/password flow): accounts, agents, their resources and sessions.
 */
import { sql } from "drizzle-orm";
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_users_username_key").on(sql`lower(${t.username})`)],
);

export const agents = pgTable("agents", {
  id: serial("id").primaryKey(),
  staffUserId: integer("staff_user_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
});

export const agentResources = pgTable("agent_resources", {
  id: serial("id").primaryKey(),
  agentId: integer("agent_id")
    .notNull()
    .references(() => agents.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  url: text("url").notNull(),
});

export const staffSessions = pgTable("staff_sessions", {
  idHash: text("id_hash").primaryKey(),
  staffUserId: integer("staff_user_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
