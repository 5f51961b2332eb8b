CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status_known" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "contest_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_rounds_state_known" CHECK ("contest_rounds"."state" in ('draft', 'open', 'judging', 'published'))
);
--> statement-breakpoint
CREATE TABLE "party_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"party_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"subject_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "party_events_kind_known" CHECK ("party_events"."kind" in ('formed', 'joined', 'left', 'removed', 'ringleader', 'handover', 'succession', 'code', 'disbanded')),
	CONSTRAINT "party_events_note_length" CHECK ("party_events"."note" is null or char_length("party_events"."note") <= 200)
);
--> statement-breakpoint
CREATE TABLE "party_join_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"party_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "party_join_requests_status_known" CHECK ("party_join_requests"."status" in ('pending', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "party_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"party_id" integer NOT NULL,
	"member_id" integer,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The invitations table had no rows behind it (a skeleton): made anew with one token hash per invitation.
DROP TABLE "invites";
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"party_id" integer NOT NULL,
	"contest_id" integer,
	"inviter_id" integer,
	"role" text DEFAULT 'member' NOT NULL,
	"channel" text NOT NULL,
	"email" text,
	"language" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"accepted_by" integer,
	"replaced_by" integer,
	CONSTRAINT "invites_role_known" CHECK ("invites"."role" in ('ringleader', 'member')),
	CONSTRAINT "invites_channel_known" CHECK ("invites"."channel" in ('link', 'email', 'qr')),
	CONSTRAINT "invites_status_known" CHECK ("invites"."status" in ('pending', 'accepted', 'declined', 'revoked', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_members_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_by_members_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_hash_key" ON "invites" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "invites_party_status_idx" ON "invites" USING btree ("party_id","status");
--> statement-breakpoint
-- Parties already made (the demo world's) get a join code from the same alphabet the game uses.
ALTER TABLE "parties" ADD COLUMN "join_code" text;
--> statement-breakpoint
UPDATE "parties" SET "join_code" = (
	SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1), '')
	FROM generate_series(1, 6) WHERE "parties"."id" IS NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parties" ALTER COLUMN "join_code" SET NOT NULL;
--> statement-breakpoint
-- Rosters carry their party's contest and each member's role; the party's ringleader column becomes a role.
ALTER TABLE "party_members" ADD COLUMN "contest_id" integer;
--> statement-breakpoint
ALTER TABLE "party_members" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;
--> statement-breakpoint
UPDATE "party_members" SET "contest_id" = "parties"."contest_id",
	"role" = CASE WHEN "parties"."ringleader_id" = "party_members"."member_id" THEN 'ringleader' ELSE 'member' END
	FROM "parties" WHERE "parties"."id" = "party_members"."party_id";
--> statement-breakpoint
UPDATE "party_members" SET "role" = 'ringleader' WHERE ("party_id", "member_id") IN (
	SELECT DISTINCT ON ("party_id") "party_id", "member_id" FROM "party_members" "pm"
	WHERE NOT EXISTS (SELECT 1 FROM "party_members" "r" WHERE "r"."party_id" = "pm"."party_id" AND "r"."role" = 'ringleader')
	ORDER BY "party_id", "created_at", "member_id"
);
--> statement-breakpoint
ALTER TABLE "parties" DROP CONSTRAINT "parties_ringleader_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "parties" DROP COLUMN "ringleader_id";
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "motto" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "cap" integer DEFAULT 8 NOT NULL;
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "join_policy" text DEFAULT 'invite' NOT NULL;
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "code_rotated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "created_by" integer;
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "disbanded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contest_rounds" ADD CONSTRAINT "contest_rounds_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "party_events" ADD CONSTRAINT "party_events_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "party_events" ADD CONSTRAINT "party_events_actor_id_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "party_events" ADD CONSTRAINT "party_events_subject_id_members_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "party_join_requests" ADD CONSTRAINT "party_join_requests_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "party_join_requests" ADD CONSTRAINT "party_join_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "party_join_requests" ADD CONSTRAINT "party_join_requests_decided_by_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "party_points" ADD CONSTRAINT "party_points_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "party_points" ADD CONSTRAINT "party_points_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX "contest_rounds_number_key" ON "contest_rounds" USING btree ("contest_id","number");
--> statement-breakpoint
CREATE INDEX "party_events_party_idx" ON "party_events" USING btree ("party_id","created_at");
--> statement-breakpoint
CREATE INDEX "party_events_subject_idx" ON "party_events" USING btree ("subject_id","kind");
--> statement-breakpoint
CREATE UNIQUE INDEX "party_join_requests_pending_key" ON "party_join_requests" USING btree ("party_id","member_id") WHERE "party_join_requests"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "party_points_party_idx" ON "party_points" USING btree ("party_id","member_id");
--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "party_members" ADD CONSTRAINT "party_members_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "parties_join_code_key" ON "parties" USING btree ("join_code");
--> statement-breakpoint
CREATE UNIQUE INDEX "parties_contest_name_key" ON "parties" USING btree ("contest_id",lower("name")) WHERE "parties"."contest_id" is not null and "parties"."disbanded_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "party_members_one_per_contest" ON "party_members" USING btree ("contest_id","member_id") WHERE "party_members"."contest_id" is not null;
--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_cap_range" CHECK ("parties"."cap" between 2 and 50);
--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_join_policy_known" CHECK ("parties"."join_policy" in ('open', 'invite', 'request'));
--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_name_length" CHECK (char_length("parties"."name") between 1 and 40);
--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_motto_length" CHECK (char_length("parties"."motto") <= 120);
--> statement-breakpoint
ALTER TABLE "party_members" ADD CONSTRAINT "party_members_role_known" CHECK ("party_members"."role" in ('ringleader', 'member'));
