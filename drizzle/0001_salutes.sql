ALTER TABLE "members" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "week_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "score_week" date;--> statement-breakpoint
CREATE INDEX "members_score_rank_idx" ON "members" USING btree ("score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "members_week_score_rank_idx" ON "members" USING btree ("score_week","week_score" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_score_nonneg" CHECK ("members"."score" >= 0 and "members"."week_score" >= 0);