/**
 * Parties, their members and the invitations behind links, emails and QR codes.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";
import { contests } from "./contests";

export const parties = pgTable(
  "parties",
  {
    id: serial("id").primaryKey(),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    ringleaderId: integer("ringleader_id").references(() => members.id),
    zipcode: text("zipcode"),
    createdAt: createdAt(),
  },
  (t) => [index("parties_contest_idx").on(t.contestId)],
);

export const partyMembers = pgTable(
  "party_members",
  {
    partyId: integer("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.memberId] }), index("party_members_member_idx").on(t.memberId)],
);

export const invites = pgTable(
  "invites",
  {
    id: text("id").primaryKey(), // random token carried by the link
    inviteType: text("invite_type").notNull(), // party, contest, judge, ringleader
    partyId: integer("party_id").references(() => parties.id, { onDelete: "cascade" }),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "cascade" }),
    inviterId: integer("inviter_id").references(() => members.id),
    inviteeMemberId: integer("invitee_member_id").references(() => members.id),
    role: text("role"),
    email: text("email"),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => members.id),
  },
  (t) => [
    check(
      "invites_type_known",
      sql`${t.inviteType} in ('party', 'contest', 'judge', 'ringleader', 'member')`,
    ),
  ],
);
