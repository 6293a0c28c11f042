-- A booking's time on its resources, found by the booking: the back-office's day, week and
-- search list each booking's resources (resource_time by booking_id), which without this
-- index read the whole table once per booking listed.
CREATE INDEX resource_time_booking_idx ON resource_time (booking_id) WHERE booking_id IS NOT NULL;
