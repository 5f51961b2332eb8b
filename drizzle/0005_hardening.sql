CREATE TABLE "form_drafts" (
	"key" text PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "salutes" ADD COLUMN "receipt_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE INDEX "form_drafts_expires_idx" ON "form_drafts" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "salutes_receipt_code_key" ON "salutes" USING btree ("receipt_code");