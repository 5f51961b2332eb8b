CREATE TABLE "member_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "member_notices_kind_known" CHECK ("member_notices"."kind" in ('report-handled', 'warning'))
);
--> statement-breakpoint
CREATE TABLE "member_suspensions" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"suspended_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer,
	"staff_username" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "salutes" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "salutes" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "salutes" ADD COLUMN "moderated_by" integer;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_suspensions" ADD CONSTRAINT "member_suspensions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_suspensions" ADD CONSTRAINT "member_suspensions_suspended_by_staff_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notices_member_idx" ON "member_notices" USING btree ("member_id","seen_at");--> statement-breakpoint
CREATE INDEX "staff_audit_newest_idx" ON "staff_audit" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "salutes" ADD CONSTRAINT "salutes_moderated_by_staff_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salutes_report_queue_idx" ON "salutes" USING btree ("reported_at") WHERE "salutes"."reported_at" is not null and "salutes"."moderated_at" is null;--> statement-breakpoint
CREATE INDEX "agent_resources_agent_idx" ON "agent_resources" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_staff_user_key" ON "agents" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_user_idx" ON "staff_sessions" USING btree ("staff_user_id");--> statement-breakpoint
ALTER TABLE "salutes" ADD CONSTRAINT "salutes_moderation_known" CHECK ("salutes"."moderation" is null or "salutes"."moderation" in ('hidden', 'restored'));