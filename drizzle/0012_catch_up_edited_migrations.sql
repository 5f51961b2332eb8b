-- Decision 1200. Two committed migrations were edited after databases had run them, and the
-- migrator never runs a migration twice, so a database made before an edit kept the old
-- text's result. This brings such a database to today's shape; on one made from today's
-- files every statement finds the work done (or redoes it identically).
--
-- 0010_entry_photos gained the index below (one pending join or role request per member and
-- contest). Before it can be made, any duplicates an older database let in are dropped:
-- the earliest request of each (contest, member, kind) stays, the later copies of the same
-- ask go (the index is the only guard: with it, a second ask is answered 409).
DELETE FROM "contest_requests" later
 USING "contest_requests" earlier
 WHERE later."status" = 'pending' AND earlier."status" = 'pending'
   AND later."kind" IN ('join', 'role')
   AND earlier."contest_id" = later."contest_id"
   AND earlier."member_id" = later."member_id"
   AND earlier."kind" = later."kind"
   AND earlier."id" < later."id";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contest_requests_one_pending" ON "contest_requests" USING btree ("contest_id","member_id","kind") WHERE "contest_requests"."status" = 'pending' and "contest_requests"."kind" in ('join', 'role');
--> statement-breakpoint
-- 0011_score_counts's function was rewritten in place (the changes read in one statement,
-- both tables folded in one); its triggers were not. Replacing the function keeps the one
-- the triggers call, so a new body is all an older database needs: today's 0011 body,
-- character for character.
CREATE OR REPLACE FUNCTION glow_count_scores() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scores int[];
  changes int[];
  weeks date[];
  week_scores int[];
  week_changes int[];
BEGIN
  -- The changes, per score and per (week, score): +1 for each new row, -1 for each old one.
  IF TG_OP = 'INSERT' THEN
    SELECT a.s, a.n, w.w, w.s, w.n INTO scores, changes, weeks, week_scores, week_changes
      FROM (SELECT array_agg(score) AS s, array_agg(n) AS n
              FROM (SELECT score, count(*)::int AS n FROM new_rows WHERE score > 0 GROUP BY score) c) a,
           (SELECT array_agg(score_week) AS w, array_agg(week_score) AS s, array_agg(n) AS n
              FROM (SELECT score_week, week_score, count(*)::int AS n FROM new_rows
                     WHERE week_score > 0 AND score_week IS NOT NULL GROUP BY score_week, week_score) c) w;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT a.s, a.n, w.w, w.s, w.n INTO scores, changes, weeks, week_scores, week_changes
      FROM (SELECT array_agg(score) AS s, array_agg(n) AS n
              FROM (SELECT score, -count(*)::int AS n FROM old_rows WHERE score > 0 GROUP BY score) c) a,
           (SELECT array_agg(score_week) AS w, array_agg(week_score) AS s, array_agg(n) AS n
              FROM (SELECT score_week, week_score, -count(*)::int AS n FROM old_rows
                     WHERE week_score > 0 AND score_week IS NOT NULL GROUP BY score_week, week_score) c) w;
  ELSE
    -- Most updates of members touch no score: leave at once.
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE (n.score, n.week_score, n.score_week) IS DISTINCT FROM (o.score, o.week_score, o.score_week)) THEN
      RETURN NULL;
    END IF;
    SELECT a.s, a.n, w.w, w.s, w.n INTO scores, changes, weeks, week_scores, week_changes
      FROM (SELECT array_agg(score) AS s, array_agg(n) AS n
              FROM (SELECT score, sum(n)::int AS n
                      FROM (SELECT score, 1 AS n FROM new_rows UNION ALL SELECT score, -1 FROM old_rows) r
                     WHERE score > 0 GROUP BY score HAVING sum(n) <> 0) c) a,
           (SELECT array_agg(score_week) AS w, array_agg(week_score) AS s, array_agg(n) AS n
              FROM (SELECT score_week, week_score, sum(n)::int AS n
                      FROM (SELECT score_week, week_score, 1 AS n FROM new_rows
                            UNION ALL SELECT score_week, week_score, -1 FROM old_rows) r
                     WHERE week_score > 0 AND score_week IS NOT NULL
                     GROUP BY score_week, week_score HAVING sum(n) <> 0) c) w;
  END IF;
  IF scores IS NULL AND weeks IS NULL THEN
    RETURN NULL;
  END IF;

  -- Both tables in one statement: the changes, plus the rows of their scores that no other
  -- open transaction holds (taken out and summed in), as one row a score.
  WITH folded AS (
    DELETE FROM score_counts WHERE id IN (
      SELECT id FROM score_counts WHERE score = ANY (scores) FOR UPDATE SKIP LOCKED)
    RETURNING score, members
  ),
  week_folded AS (
    DELETE FROM week_score_counts WHERE id IN (
      SELECT id FROM week_score_counts
       WHERE (week, score) IN (SELECT * FROM unnest(weeks, week_scores))
         FOR UPDATE SKIP LOCKED)
    RETURNING week, score, members
  ),
  counted AS (
    INSERT INTO score_counts (score, members)
    SELECT score, sum(members)::int
      FROM (SELECT * FROM unnest(scores, changes) AS c(score, members) UNION ALL SELECT score, members FROM folded) s
     GROUP BY score HAVING sum(members) <> 0
  )
  INSERT INTO week_score_counts (week, score, members)
  SELECT week, score, sum(members)::int
    FROM (SELECT * FROM unnest(weeks, week_scores, week_changes) AS c(week, score, members)
          UNION ALL SELECT week, score, members FROM week_folded) s
   GROUP BY week, score HAVING sum(members) <> 0;
  RETURN NULL;
END $$;
