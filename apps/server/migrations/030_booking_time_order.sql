-- A reservation's time ends after it starts. The back-office's day and week find bookings by
-- their time as a range (tstzrange(start_at, end_at), migration 029), which is empty and so
-- overlaps nothing when the end is not after the start; the search (below) takes a booking
-- that starts after a moment to be still to come. Every reservation is made so (a booked
-- time is a non-empty range on its resources); the check keeps it so. A lead has no time:
-- its start and end are NULL, which the check lets through.
ALTER TABLE booking ADD CONSTRAINT booking_time_order CHECK (end_at > start_at);

-- The back-office search (GET /staff/bookings?q=, staff-bookings/repository.ts
-- findMatchingBookings) reads the upcoming reservations in time order from now, a window of
-- them, and looks for the text there: a text that many bookings match (a common surname over
-- all offices) fills the page in the window, at the window's cost, not all its matches
-- (docs/decisions/023-search-at-size.md). Over one office the office's
-- (organization_id, start_at) index gives the same order; over many offices these do.
CREATE INDEX booking_reservation_start_idx ON booking (start_at) WHERE kind = 'RESERVATION';
CREATE INDEX booking_lead_day_idx ON booking (lead_date) WHERE kind = 'LEAD';
