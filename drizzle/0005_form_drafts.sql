CREATE TABLE "form_drafts" (
	"key" text PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_drafts_expires_idx" ON "form_drafts" USING btree ("expires_at");