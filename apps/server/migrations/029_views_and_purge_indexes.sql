-- The back-office's day and week (staff-bookings/repository.ts findOfficeBookings) find an
-- office's bookings whose time overlaps the shown range. With (organization_id, start_at)
-- alone the overlap has no lower bound on the start (a booking may begin before the range),
-- so every booking the office ever had was read for each view: some 10,000 at a chain's size.
-- A booking's time as a range, with its office, finds only the overlapping ones
-- (btree_gist, migration 001, gives the office's integer a GiST operator class). Leads have
-- no time: they are found by their wished day.
CREATE INDEX booking_office_time_idx
  ON booking USING gist (organization_id, tstzrange(start_at, end_at))
  WHERE kind = 'RESERVATION';
CREATE INDEX booking_office_lead_day_idx
  ON booking (organization_id, lead_date)
  WHERE kind = 'LEAD';

-- The removal of bookings' personal data (personal-data/anonymise.ts, run by the retention
-- job a batch at a time and by an admin's erasure) clears the booking sessions they were
-- saved from, found by the booking: without this index each batch read every session.
CREATE INDEX process_booking_idx ON process (booking_id) WHERE booking_id IS NOT NULL;
