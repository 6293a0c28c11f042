-- The version bumps of taken time and absences run at commit, not at each row change.
--
-- A row trigger that updates an office's availability_version row locks that row until the
-- transaction ends. Two transactions changing time at one office could then wait for each
-- other: one holds the version row (its earlier bump) and waits at the exclusion constraint
-- for the other's insert of the same slot, while the other waits for the version row at its
-- own bump — a deadlock PostgreSQL breaks by failing one of them (seen with two moves and a
-- reserve-time racing for the last lift of a time). As constraint triggers deferred to the
-- commit, the bumps come after every other wait of the transaction, still inside it: a
-- reader that sees a version still sees every change made before it (decision 013).

DROP TRIGGER resource_time_availability ON resource_time;
CREATE CONSTRAINT TRIGGER resource_time_availability
  AFTER INSERT OR UPDATE OR DELETE ON resource_time
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION resource_time_bumps_availability();

DROP TRIGGER resource_absence_availability ON resource_absence;
CREATE CONSTRAINT TRIGGER resource_absence_availability
  AFTER INSERT OR UPDATE OR DELETE ON resource_absence
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION resource_absence_bumps_availability();
