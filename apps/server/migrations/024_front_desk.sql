-- The front desk: staff book for the customer on the phone or at the counter, and change
-- what a booking holds.
--
-- channel: how the booking came in (ONLINE through the customer flow, PHONE or COUNTER made
-- by staff); created_by_staff_id: the staff member who made it (null for ONLINE). A staff
-- booking needs no e-mail address: the customer's e-mail may be '' (no confirmation goes).
ALTER TABLE booking ADD COLUMN channel text NOT NULL DEFAULT 'ONLINE'
  CHECK (channel IN ('ONLINE', 'PHONE', 'COUNTER'));
ALTER TABLE booking ADD COLUMN created_by_staff_id integer REFERENCES staff_user(id);
ALTER TABLE booking ADD CONSTRAINT booking_channel_staff_check
  CHECK ((channel = 'ONLINE') = (created_by_staff_id IS NULL));

-- A booking's contents changed by staff (services, tires, extra rows, kilometres, symptoms,
-- the customer's details): before and after in the event.
ALTER TABLE booking_event DROP CONSTRAINT booking_event_action_check;
ALTER TABLE booking_event ADD CONSTRAINT booking_event_action_check
  CHECK (action IN ('CREATED', 'MOVED', 'CANCELLED', 'STATUS', 'NOTE', 'CHANGED'));

-- Staff bookings per account in the last hour (the desk's own limit) are counted from here.
CREATE INDEX booking_created_by_staff_idx ON booking (created_by_staff_id, created_at)
  WHERE created_by_staff_id IS NOT NULL;
