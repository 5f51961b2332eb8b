CREATE TABLE "contest_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_judges" (
	"entry_id" integer NOT NULL,
	"judge_id" integer NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"claimed_until" timestamp with time zone,
	"note_for_party" text DEFAULT '' NOT NULL,
	"note_for_game_master" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_judges_entry_id_judge_id_pk" PRIMARY KEY("entry_id","judge_id"),
	CONSTRAINT "entry_judges_status_known" CHECK ("entry_judges"."status" in ('assigned', 'recused', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "entry_scores" (
	"entry_id" integer NOT NULL,
	"judge_id" integer NOT NULL,
	"criterion" integer NOT NULL,
	"score" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_scores_entry_id_judge_id_criterion_pk" PRIMARY KEY("entry_id","judge_id","criterion"),
	CONSTRAINT "entry_scores_score_range" CHECK ("entry_scores"."score" between 1 and 5),
	CONSTRAINT "entry_scores_criterion_range" CHECK ("entry_scores"."criterion" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "member_current_contests" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"party_id" integer NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_entries_text_length" CHECK (char_length("round_entries"."text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "contest_requests" DROP CONSTRAINT "contest_requests_status_known";--> statement-breakpoint
ALTER TABLE "invites" DROP CONSTRAINT "invites_role_known";--> statement-breakpoint
ALTER TABLE "invites" ALTER COLUMN "party_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_requests" ADD COLUMN "message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_requests" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "contest_requests" ADD COLUMN "answered_by" integer;--> statement-breakpoint
ALTER TABLE "contest_rounds" ADD COLUMN "challenge" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_rounds" ADD COLUMN "criteria" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_rounds" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "board_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contest_audit" ADD CONSTRAINT "contest_audit_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_audit" ADD CONSTRAINT "contest_audit_actor_id_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_judges" ADD CONSTRAINT "entry_judges_entry_id_round_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."round_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_judges" ADD CONSTRAINT "entry_judges_judge_id_members_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_scores" ADD CONSTRAINT "entry_scores_entry_id_round_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."round_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_scores" ADD CONSTRAINT "entry_scores_judge_id_members_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_current_contests" ADD CONSTRAINT "member_current_contests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_current_contests" ADD CONSTRAINT "member_current_contests_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_round_id_contest_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."contest_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_submitted_by_members_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_audit_contest_idx" ON "contest_audit" USING btree ("contest_id","created_at");--> statement-breakpoint
CREATE INDEX "entry_judges_judge_idx" ON "entry_judges" USING btree ("judge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "round_entries_party_key" ON "round_entries" USING btree ("round_id","party_id");--> statement-breakpoint
ALTER TABLE "contest_requests" ADD CONSTRAINT "contest_requests_answered_by_members_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_requests_contest_idx" ON "contest_requests" USING btree ("contest_id","status");--> statement-breakpoint
ALTER TABLE "contest_requests" ADD CONSTRAINT "contest_requests_kind_known" CHECK ("contest_requests"."kind" in ('join', 'role', 'question'));--> statement-breakpoint
ALTER TABLE "contest_requests" ADD CONSTRAINT "contest_requests_status_known" CHECK ("contest_requests"."status" in ('pending', 'approved', 'declined', 'answered'));--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_party_or_contest" CHECK ("invites"."party_id" is not null or ("invites"."contest_id" is not null and "invites"."role" in ('judge', 'ringleader')));--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_role_known" CHECK ("invites"."role" in ('ringleader', 'member', 'judge'));