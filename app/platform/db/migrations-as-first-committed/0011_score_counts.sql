CREATE TABLE "score_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "score_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"score" integer NOT NULL,
	"members" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "week_score_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "week_score_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"week" date NOT NULL,
	"score" integer NOT NULL,
	"members" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "score_counts_score_idx" ON "score_counts" USING btree ("score");--> statement-breakpoint
CREATE INDEX "week_score_counts_week_score_idx" ON "week_score_counts" USING btree ("week","score");--> statement-breakpoint
-- Decision 1010. Every score change, whoever writes it (an award, recomputeScores, a seed, a
-- fix by hand), moves the counts in the same transaction: statement triggers with transition
-- tables, so a bulk write costs one aggregate, not a call per member. Rows are changes in a
-- count; each change also folds the rows of its scores that no other transaction holds
-- (SKIP LOCKED) into one, so the tables stay about one row per score and an award never
-- waits on another, nor deadlocks with it.
CREATE FUNCTION glow_count_scores() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scores int[];
  changes int[];
  weeks date[];
  week_scores int[];
  week_changes int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(score), array_agg(n) INTO scores, changes
      FROM (SELECT score, count(*)::int AS n FROM new_rows WHERE score > 0 GROUP BY score) c;
    SELECT array_agg(score_week), array_agg(week_score), array_agg(n) INTO weeks, week_scores, week_changes
      FROM (SELECT score_week, week_score, count(*)::int AS n FROM new_rows
             WHERE week_score > 0 AND score_week IS NOT NULL GROUP BY score_week, week_score) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(score), array_agg(n) INTO scores, changes
      FROM (SELECT score, -count(*)::int AS n FROM old_rows WHERE score > 0 GROUP BY score) c;
    SELECT array_agg(score_week), array_agg(week_score), array_agg(n) INTO weeks, week_scores, week_changes
      FROM (SELECT score_week, week_score, -count(*)::int AS n FROM old_rows
             WHERE week_score > 0 AND score_week IS NOT NULL GROUP BY score_week, week_score) c;
  ELSE
    -- Most updates of members touch no score: leave at once.
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE (n.score, n.week_score, n.score_week) IS DISTINCT FROM (o.score, o.week_score, o.score_week)) THEN
      RETURN NULL;
    END IF;
    SELECT array_agg(score), array_agg(n) INTO scores, changes
      FROM (SELECT score, sum(n)::int AS n
              FROM (SELECT score, 1 AS n FROM new_rows UNION ALL SELECT score, -1 FROM old_rows) r
             WHERE score > 0 GROUP BY score HAVING sum(n) <> 0) c;
    SELECT array_agg(score_week), array_agg(week_score), array_agg(n) INTO weeks, week_scores, week_changes
      FROM (SELECT score_week, week_score, sum(n)::int AS n
              FROM (SELECT score_week, week_score, 1 AS n FROM new_rows
                    UNION ALL SELECT score_week, week_score, -1 FROM old_rows) r
             WHERE week_score > 0 AND score_week IS NOT NULL
             GROUP BY score_week, week_score HAVING sum(n) <> 0) c;
  END IF;

  IF scores IS NOT NULL THEN
    WITH folded AS (
      DELETE FROM score_counts WHERE id IN (
        SELECT id FROM score_counts WHERE score = ANY (scores) FOR UPDATE SKIP LOCKED)
      RETURNING score, members
    )
    INSERT INTO score_counts (score, members)
    SELECT score, sum(members)::int
      FROM (SELECT * FROM unnest(scores, changes) AS c(score, members) UNION ALL SELECT score, members FROM folded) s
     GROUP BY score HAVING sum(members) <> 0;
  END IF;

  IF weeks IS NOT NULL THEN
    WITH folded AS (
      DELETE FROM week_score_counts WHERE id IN (
        SELECT id FROM week_score_counts
         WHERE (week, score) IN (SELECT * FROM unnest(weeks, week_scores))
           FOR UPDATE SKIP LOCKED)
      RETURNING week, score, members
    )
    INSERT INTO week_score_counts (week, score, members)
    SELECT week, score, sum(members)::int
      FROM (SELECT * FROM unnest(weeks, week_scores, week_changes) AS c(week, score, members)
            UNION ALL SELECT week, score, members FROM folded) s
     GROUP BY week, score HAVING sum(members) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No score may change between the backfill and the triggers.
LOCK TABLE "members" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "score_counts" ("score", "members")
SELECT "score", count(*)::int FROM "members" WHERE "score" > 0 GROUP BY "score";
--> statement-breakpoint
INSERT INTO "week_score_counts" ("week", "score", "members")
SELECT "score_week", "week_score", count(*)::int FROM "members"
 WHERE "week_score" > 0 AND "score_week" IS NOT NULL GROUP BY "score_week", "week_score";
--> statement-breakpoint
CREATE TRIGGER members_scores_inserted AFTER INSERT ON "members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION glow_count_scores();
--> statement-breakpoint
CREATE TRIGGER members_scores_updated AFTER UPDATE ON "members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION glow_count_scores();
--> statement-breakpoint
CREATE TRIGGER members_scores_deleted AFTER DELETE ON "members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION glow_count_scores();
--> statement-breakpoint
CREATE FUNCTION glow_forget_score_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM score_counts;
  DELETE FROM week_score_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER members_truncated_scores AFTER TRUNCATE ON "members" FOR EACH STATEMENT EXECUTE FUNCTION glow_forget_score_counts();
