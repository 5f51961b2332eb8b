ALTER TABLE "contests" ADD COLUMN "min_judges" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_min_judges_range" CHECK ("contests"."min_judges" between 1 and 12);
--> statement-breakpoint
-- Hand-written (decision 1222): contest results posts written as a line of text ("Spring Glow Hunt · #2: 1. The Lanterns") get the facts later posts carry, so every reader's card says what happened in a sentence of their own language.
UPDATE "posts" AS p SET "data" = p."data" || jsonb_build_object('contest', m.parts[1], 'round', m.parts[2]::int) || CASE WHEN m.parts[3] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('winner', m.parts[3]) END, "text" = '' FROM (SELECT "id", regexp_match("text", '^(.+) · #([0-9]{1,9})(?:: 1\. (.+))?$') AS parts FROM "posts" WHERE "type" = 'contest') AS m WHERE p."id" = m."id" AND m.parts IS NOT NULL;
