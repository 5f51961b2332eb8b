CREATE TABLE "entry_photos" (
	"entry_id" integer PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_photos_content_type_known" CHECK ("entry_photos"."content_type" in ('image/jpeg', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "entry_photos" ADD CONSTRAINT "entry_photos_entry_id_round_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."round_entries"("id") ON DELETE cascade ON UPDATE no action;