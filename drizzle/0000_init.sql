CREATE TABLE "agent_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"style" text DEFAULT 'pixelArt' NOT NULL,
	"seed" text DEFAULT 'Aneka' NOT NULL,
	"body" text,
	"background_color" text,
	"beard" text,
	"clothing" text,
	"clothing_color" text,
	"eyes" text,
	"glasses" text,
	"hair" text,
	"hair_color" text,
	"mouth" text,
	"facial_hair" text,
	"mood" text,
	"eyebrows" text,
	"freckles" text,
	"head" text,
	"nose" text,
	"skin_color" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "characters_style_known" CHECK ("characters"."style" in ('pixelArt', 'dylan', 'personas', 'lorelei'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"creature_id" integer DEFAULT 0 NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_role_known" CHECK ("chat_messages"."role" in ('user', 'assistant')),
	CONSTRAINT "chat_messages_content_length" CHECK (char_length("chat_messages"."content") <= 4000)
);
--> statement-breakpoint
CREATE TABLE "contest_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"role" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "contest_requests_status_known" CHECK ("contest_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'Active' NOT NULL,
	"game_master_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contests_status_known" CHECK ("contests"."status" in ('Active', 'Paused', 'Ended'))
);
--> statement-breakpoint
CREATE TABLE "creature_light_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_creature_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"personality" text NOT NULL,
	"image_url" text NOT NULL,
	"starter" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gem_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"salute_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guess_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer,
	"question" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" text NOT NULL,
	"points" integer DEFAULT 10 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guesses" (
	"card_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"guess" text NOT NULL,
	"correct" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guesses_card_id_member_id_pk" PRIMARY KEY("card_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" text PRIMARY KEY NOT NULL,
	"invite_type" text NOT NULL,
	"party_id" integer,
	"contest_id" integer,
	"inviter_id" integer,
	"invitee_member_id" integer,
	"role" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	CONSTRAINT "invites_type_known" CHECK ("invites"."invite_type" in ('party', 'contest', 'judge', 'ringleader', 'member'))
);
--> statement-breakpoint
CREATE TABLE "judge_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"party_id" integer NOT NULL,
	"judge_id" integer NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "judge_scores_points_range" CHECK ("judge_scores"."points" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "light_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"burnt_at" timestamp with time zone,
	CONSTRAINT "login_attempts_failed_tries_range" CHECK ("login_attempts"."failed_tries" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "member_creatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"creature_id" integer NOT NULL,
	"light" integer DEFAULT 20 NOT NULL,
	"obtained_via" text DEFAULT 'signup' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_creatures_light_range" CHECK ("member_creatures"."light" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "member_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"contest_id" integer,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_roles_role_known" CHECK ("member_roles"."role" in ('gamemaster', 'ringleader', 'judge'))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"username" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"zipcode" text,
	"notes" text,
	"status" text DEFAULT '0' NOT NULL,
	"type" text DEFAULT '0' NOT NULL,
	"client_id" text,
	"seller_id" text,
	"recruited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_score" integer DEFAULT 0 NOT NULL,
	"prev_contest_id" integer,
	"creature_id" integer DEFAULT 0 NOT NULL,
	"companion_corralled" boolean DEFAULT false NOT NULL,
	"story_muted" boolean DEFAULT false NOT NULL,
	"light_balance" integer DEFAULT 0 NOT NULL,
	"gem_balance" integer DEFAULT 10 NOT NULL,
	"gem_week" date,
	"last_visit_day" date,
	CONSTRAINT "members_light_balance_nonneg" CHECK ("members"."light_balance" >= 0),
	CONSTRAINT "members_gem_balance_nonneg" CHECK ("members"."gem_balance" >= 0),
	CONSTRAINT "members_creature_id_nonneg" CHECK ("members"."creature_id" >= 0)
);
--> statement-breakpoint
CREATE TABLE "parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer,
	"name" text NOT NULL,
	"ringleader_id" integer,
	"zipcode" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "party_members" (
	"party_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "party_members_party_id_member_id_pk" PRIMARY KEY("party_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"actor_id" integer,
	"subject_id" integer,
	"ref_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_type_known" CHECK ("posts"."type" in ('welcome', 'compliment', 'starsalute', 'secretsalute', 'quest', 'party', 'treasure', 'beamkin', 'contest'))
);
--> statement-breakpoint
CREATE TABLE "prize_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"quest_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"reward_kind" text,
	"reward_amount" integer,
	"creature_id" integer
);
--> statement-breakpoint
CREATE TABLE "quest_progress" (
	"member_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_progress_member_id_step_id_pk" PRIMARY KEY("member_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "quest_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"quest_id" integer NOT NULL,
	"position" integer NOT NULL,
	"objective" text NOT NULL,
	"target" text,
	"dialogue" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"light_reward" integer DEFAULT 5 NOT NULL,
	"points" integer DEFAULT 10 NOT NULL,
	CONSTRAINT "quest_steps_objective_known" CHECK ("quest_steps"."objective" in ('visit', 'avatar', 'salute', 'party', 'guess', 'treasure')),
	CONSTRAINT "quest_steps_rewards_nonneg" CHECK ("quest_steps"."light_reward" >= 0 and "quest_steps"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quests" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"reward" text NOT NULL,
	"time_needed" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"contest_id" integer
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"post_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text DEFAULT 'glow' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_post_id_member_id_pk" PRIMARY KEY("post_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "salutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sender_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"prompt_key" text,
	"stars" integer,
	"gems" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"report_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salutes_kind_known" CHECK ("salutes"."kind" in ('compliment', 'star', 'secret')),
	CONSTRAINT "salutes_stars_range" CHECK ("salutes"."stars" is null or "salutes"."stars" between 1 and 3),
	CONSTRAINT "salutes_gems_range" CHECK ("salutes"."gems" between 0 and 10),
	CONSTRAINT "salutes_not_self" CHECK ("salutes"."sender_id" <> "salutes"."recipient_id"),
	CONSTRAINT "salutes_message_length" CHECK (char_length("salutes"."message") <= 280)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"fingerprint" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasure_claims" (
	"treasure_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treasure_claims_treasure_id_member_id_pk" PRIMARY KEY("treasure_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "treasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"contest_id" integer,
	"hidden_by" integer,
	"light_reward" integer DEFAULT 10 NOT NULL,
	"points" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_resources" ADD CONSTRAINT "agent_resources_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_requests" ADD CONSTRAINT "contest_requests_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_requests" ADD CONSTRAINT "contest_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_game_master_id_members_id_fk" FOREIGN KEY ("game_master_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creature_light_events" ADD CONSTRAINT "creature_light_events_member_creature_id_member_creatures_id_fk" FOREIGN KEY ("member_creature_id") REFERENCES "public"."member_creatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_ledger" ADD CONSTRAINT "gem_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_ledger" ADD CONSTRAINT "gem_ledger_salute_id_salutes_id_fk" FOREIGN KEY ("salute_id") REFERENCES "public"."salutes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_cards" ADD CONSTRAINT "guess_cards_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guess_cards" ADD CONSTRAINT "guess_cards_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guesses" ADD CONSTRAINT "guesses_card_id_guess_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."guess_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guesses" ADD CONSTRAINT "guesses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_members_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_member_id_members_id_fk" FOREIGN KEY ("invitee_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_by_members_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_judge_id_members_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "light_ledger" ADD CONSTRAINT "light_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_creatures" ADD CONSTRAINT "member_creatures_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_creatures" ADD CONSTRAINT "member_creatures_creature_id_creatures_id_fk" FOREIGN KEY ("creature_id") REFERENCES "public"."creatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_roles" ADD CONSTRAINT "member_roles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_roles" ADD CONSTRAINT "member_roles_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_ringleader_id_members_id_fk" FOREIGN KEY ("ringleader_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_members" ADD CONSTRAINT "party_members_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_members" ADD CONSTRAINT "party_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_actor_id_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_subject_id_members_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_boxes" ADD CONSTRAINT "prize_boxes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_boxes" ADD CONSTRAINT "prize_boxes_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_boxes" ADD CONSTRAINT "prize_boxes_creature_id_creatures_id_fk" FOREIGN KEY ("creature_id") REFERENCES "public"."creatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_progress" ADD CONSTRAINT "quest_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_progress" ADD CONSTRAINT "quest_progress_step_id_quest_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."quest_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_steps" ADD CONSTRAINT "quest_steps_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quests" ADD CONSTRAINT "quests_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salutes" ADD CONSTRAINT "salutes_sender_id_members_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salutes" ADD CONSTRAINT "salutes_recipient_id_members_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasure_claims" ADD CONSTRAINT "treasure_claims_treasure_id_treasures_id_fk" FOREIGN KEY ("treasure_id") REFERENCES "public"."treasures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasure_claims" ADD CONSTRAINT "treasure_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasures" ADD CONSTRAINT "treasures_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasures" ADD CONSTRAINT "treasures_hidden_by_members_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_thread_idx" ON "chat_messages" USING btree ("member_id","creature_id","created_at");--> statement-breakpoint
CREATE INDEX "creature_light_events_idx" ON "creature_light_events" USING btree ("member_creature_id","reason","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "creatures_slug_key" ON "creatures" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "gem_ledger_member_idx" ON "gem_ledger" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "judge_scores_unique" ON "judge_scores" USING btree ("contest_id","party_id","judge_id","round");--> statement-breakpoint
CREATE INDEX "light_ledger_member_idx" ON "light_ledger" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_phone_idx" ON "login_attempts" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_creatures_member_creature_key" ON "member_creatures" USING btree ("member_id","creature_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_roles_unique" ON "member_roles" USING btree ("member_id","contest_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone_key" ON "members" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username_lower_key" ON "members" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "parties_contest_idx" ON "parties" USING btree ("contest_id");--> statement-breakpoint
CREATE INDEX "party_members_member_idx" ON "party_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "posts_newest_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quest_steps_order_key" ON "quest_steps" USING btree ("quest_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quests_slug_key" ON "quests" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_lookup_idx" ON "rate_limit_hits" USING btree ("bucket","key","at");--> statement-breakpoint
CREATE INDEX "salutes_recipient_idx" ON "salutes" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "salutes_sender_idx" ON "salutes" USING btree ("sender_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_username_key" ON "staff_users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "treasures_code_key" ON "treasures" USING btree ("code");