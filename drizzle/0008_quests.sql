-- The skeleton quest, treasure, guess and prize-box tables (seeded with placeholder rows) are made anew: their columns changed shape (text titles became jsonb, ids became text), which no ALTER can cast.
DROP TABLE "guess_cards" CASCADE;--> statement-breakpoint
DROP TABLE "guesses" CASCADE;--> statement-breakpoint
DROP TABLE "prize_boxes" CASCADE;--> statement-breakpoint
DROP TABLE "quest_progress" CASCADE;--> statement-breakpoint
DROP TABLE "quest_steps" CASCADE;--> statement-breakpoint
DROP TABLE "quests" CASCADE;--> statement-breakpoint
DROP TABLE "treasure_claims" CASCADE;--> statement-breakpoint
DROP TABLE "treasures" CASCADE;--> statement-breakpoint
CREATE TABLE "catch_link_catches" (
	"link_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catch_link_catches_link_id_member_id_pk" PRIMARY KEY("link_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "catch_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"creature_id" integer NOT NULL,
	"created_by" integer,
	"max_catches" integer DEFAULT 1 NOT NULL,
	"catches" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catch_links_catches_range" CHECK ("catch_links"."catches" between 0 and "catch_links"."max_catches" and "catch_links"."max_catches" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "member_cosmetics" (
	"member_id" integer NOT NULL,
	"cosmetic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_cosmetics_member_id_cosmetic_pk" PRIMARY KEY("member_id","cosmetic")
);
--> statement-breakpoint
CREATE TABLE "prize_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"quest_id" integer,
	"run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"roll" integer,
	"drawn_kind" text,
	"pity" boolean DEFAULT false NOT NULL,
	"reward_kind" text,
	"reward_amount" integer,
	"creature_id" integer,
	"cosmetic" text,
	"duplicate_of" text,
	CONSTRAINT "prize_boxes_reward_known" CHECK ("prize_boxes"."reward_kind" is null or "prize_boxes"."reward_kind" in ('gems', 'light', 'beamkin', 'cosmetic'))
);
--> statement-breakpoint
CREATE TABLE "quest_progress" (
	"run_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"light" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_progress_run_id_step_id_pk" PRIMARY KEY("run_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "quest_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"quest_id" integer NOT NULL,
	"member_id" integer,
	"party_id" integer,
	"replay" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"skipped_at" timestamp with time zone,
	CONSTRAINT "quest_runs_one_player" CHECK (("quest_runs"."member_id" is null) <> ("quest_runs"."party_id" is null))
);
--> statement-breakpoint
CREATE TABLE "quest_step_unlocks" (
	"run_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_step_unlocks_run_id_step_id_pk" PRIMARY KEY("run_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "quest_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"quest_id" integer NOT NULL,
	"position" integer NOT NULL,
	"objective" text NOT NULL,
	"target" text,
	"place" text,
	"unlock" text DEFAULT 'linear' NOT NULL,
	"start_code" text,
	"dialogue" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"light_reward" integer DEFAULT 5 NOT NULL,
	"points" integer DEFAULT 10 NOT NULL,
	CONSTRAINT "quest_steps_objective_known" CHECK ("quest_steps"."objective" in ('signup', 'visit', 'avatar', 'salute', 'party', 'guess', 'treasure', 'light', 'chat')),
	CONSTRAINT "quest_steps_unlock_known" CHECK ("quest_steps"."unlock" in ('linear', 'free', 'scan')),
	CONSTRAINT "quest_steps_rewards_range" CHECK ("quest_steps"."light_reward" between 0 and 100 and "quest_steps"."points" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "quests" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"reward" jsonb NOT NULL,
	"time_needed" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"contest_id" integer,
	"kind" text DEFAULT 'solo' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"starts" text DEFAULT 'choose' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quests_kind_known" CHECK ("quests"."kind" in ('solo', 'party')),
	CONSTRAINT "quests_status_known" CHECK ("quests"."status" in ('draft', 'published')),
	CONSTRAINT "quests_starts_known" CHECK ("quests"."starts" in ('choose', 'auto')),
	CONSTRAINT "quests_time_needed_range" CHECK ("quests"."time_needed" between 0 and 86400)
);
--> statement-breakpoint
CREATE TABLE "sent_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasure_claims" (
	"treasure_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" text DEFAULT 'counted' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	CONSTRAINT "treasure_claims_treasure_id_member_id_pk" PRIMARY KEY("treasure_id","member_id"),
	CONSTRAINT "treasure_claims_status_known" CHECK ("treasure_claims"."status" in ('counted', 'review', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "treasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"contest_id" integer,
	"hidden_by" integer,
	"light_reward" integer DEFAULT 10 NOT NULL,
	"points" integer DEFAULT 10 NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"code_rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treasures_rewards_range" CHECK ("treasures"."light_reward" between 0 and 100 and "treasures"."points" between 0 and 1000),
	CONSTRAINT "treasures_window_order" CHECK ("treasures"."opens_at" is null or "treasures"."closes_at" is null or "treasures"."opens_at" < "treasures"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "guess_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"guess" text NOT NULL,
	"verdict" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guess_attempts_verdict_known" CHECK ("guess_attempts"."verdict" in ('right', 'close', 'wrong')),
	CONSTRAINT "guess_attempts_guess_length" CHECK (char_length("guess_attempts"."guess") <= 200)
);
--> statement-breakpoint
CREATE TABLE "guess_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"contest_id" integer,
	"question" jsonb NOT NULL,
	"image_url" text,
	"image_alt" jsonb,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pattern" text,
	"numeric_answer" double precision,
	"tolerance" double precision DEFAULT 0 NOT NULL,
	"hints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"points" integer DEFAULT 10 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guess_cards_attempts_range" CHECK ("guess_cards"."max_attempts" between 1 and 20),
	CONSTRAINT "guess_cards_points_range" CHECK ("guess_cards"."points" between 0 and 1000),
	CONSTRAINT "guess_cards_tolerance_nonneg" CHECK ("guess_cards"."tolerance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "guess_hints_taken" (
	"card_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"hint" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guess_hints_taken_card_id_member_id_hint_pk" PRIMARY KEY("card_id","member_id","hint")
);
--> statement-breakpoint
ALTER TABLE "catch_link_catches" ADD CONSTRAINT "catch_link_catches_link_id_catch_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."catch_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catch_link_catches" ADD CONSTRAINT "catch_link_catches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catch_links" ADD CONSTRAINT "catch_links_creature_id_creatures_id_fk" FOREIGN KEY ("creature_id") REFERENCES "public"."creatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catch_links" ADD CONSTRAINT "catch_links_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cosmetics" ADD CONSTRAINT "member_cosmetics_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_boxes" ADD CONSTRAINT "prize_boxes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_boxes" ADD CONSTRAINT "prize_boxes_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_boxes" ADD CONSTRAINT "prize_boxes_run_id_quest_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."quest_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_boxes" ADD CONSTRAINT "prize_boxes_creature_id_creatures_id_fk" FOREIGN KEY ("creature_id") REFERENCES "public"."creatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_progress" ADD CONSTRAINT "quest_progress_run_id_quest_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."quest_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_progress" ADD CONSTRAINT "quest_progress_step_id_quest_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."quest_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_progress" ADD CONSTRAINT "quest_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_runs" ADD CONSTRAINT "quest_runs_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_runs" ADD CONSTRAINT "quest_runs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_runs" ADD CONSTRAINT "quest_runs_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_step_unlocks" ADD CONSTRAINT "quest_step_unlocks_run_id_quest_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."quest_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_step_unlocks" ADD CONSTRAINT "quest_step_unlocks_step_id_quest_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."quest_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_steps" ADD CONSTRAINT "quest_steps_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quests" ADD CONSTRAINT "quests_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_keys" ADD CONSTRAINT "sent_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasure_claims" ADD CONSTRAINT "treasure_claims_treasure_id_treasures_id_fk" FOREIGN KEY ("treasure_id") REFERENCES "public"."treasures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasure_claims" ADD CONSTRAINT "treasure_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasure_claims" ADD CONSTRAINT "treasure_claims_reviewed_by_members_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasures" ADD CONSTRAINT "treasures_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasures" ADD CONSTRAINT "treasures_hidden_by_members_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_attempts" ADD CONSTRAINT "guess_attempts_card_id_guess_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."guess_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_attempts" ADD CONSTRAINT "guess_attempts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_cards" ADD CONSTRAINT "guess_cards_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_cards" ADD CONSTRAINT "guess_cards_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_hints_taken" ADD CONSTRAINT "guess_hints_taken_card_id_guess_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."guess_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_hints_taken" ADD CONSTRAINT "guess_hints_taken_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catch_links_code_key" ON "catch_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "catch_links_creator_idx" ON "catch_links" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "prize_boxes_member_idx" ON "prize_boxes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "quest_progress_member_idx" ON "quest_progress" USING btree ("member_id","step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quest_runs_open_member_key" ON "quest_runs" USING btree ("quest_id","member_id") WHERE "quest_runs"."member_id" is not null and "quest_runs"."completed_at" is null and "quest_runs"."skipped_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quest_runs_open_party_key" ON "quest_runs" USING btree ("quest_id","party_id") WHERE "quest_runs"."party_id" is not null and "quest_runs"."completed_at" is null and "quest_runs"."skipped_at" is null;--> statement-breakpoint
CREATE INDEX "quest_runs_member_idx" ON "quest_runs" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "quest_runs_party_idx" ON "quest_runs" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quest_steps_order_key" ON "quest_steps" USING btree ("quest_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quest_steps_start_code_key" ON "quest_steps" USING btree ("start_code");--> statement-breakpoint
CREATE INDEX "quest_steps_objective_idx" ON "quest_steps" USING btree ("objective");--> statement-breakpoint
CREATE UNIQUE INDEX "quests_slug_key" ON "quests" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "quests_contest_idx" ON "quests" USING btree ("contest_id","position");--> statement-breakpoint
CREATE INDEX "sent_keys_member_idx" ON "sent_keys" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "treasure_claims_member_idx" ON "treasure_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "treasures_code_key" ON "treasures" USING btree ("code");--> statement-breakpoint
CREATE INDEX "treasures_contest_idx" ON "treasures" USING btree ("contest_id");--> statement-breakpoint
CREATE INDEX "guess_attempts_card_member_idx" ON "guess_attempts" USING btree ("card_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guess_attempts_right_once_key" ON "guess_attempts" USING btree ("card_id","member_id") WHERE "guess_attempts"."verdict" = 'right';