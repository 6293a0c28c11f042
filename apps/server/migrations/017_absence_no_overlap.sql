-- A resource's absences never overlap: the database decides, as it does for taken time.
--
-- The service refuses an overlapping absence after looking for one, but two requests adding
-- overlapping absences at the same moment could both look before either inserts. With the
-- exclusion constraint the second insert finds the first and adds nothing (ON CONFLICT DO
-- NOTHING); the service answers it 400 as it does after its own look.
--
-- Absences that already overlap are joined first: the earlier row takes the union of both
-- ranges and the later one goes, so no time off is lost.

DO $$
DECLARE
  pair record;
BEGIN
  LOOP
    SELECT a.id AS keep, b.id AS gone, range_merge(a.during, b.during) AS merged
      INTO pair
      FROM resource_absence a
      JOIN resource_absence b ON b.resource_id = a.resource_id AND b.id > a.id AND b.during && a.during
     ORDER BY a.id, b.id
     LIMIT 1;
    EXIT WHEN NOT FOUND;
    UPDATE resource_absence SET during = pair.merged WHERE id = pair.keep;
    DELETE FROM resource_absence WHERE id = pair.gone;
  END LOOP;
END $$;
-- The joins' version bumps (deferred triggers of 016) run now: a table with pending trigger
-- events cannot be altered.
SET CONSTRAINTS ALL IMMEDIATE;

ALTER TABLE resource_absence
  ADD CONSTRAINT resource_absence_no_overlap EXCLUDE USING gist (resource_id WITH =, during WITH &&);
DROP INDEX resource_absence_during_idx;
