-- Personal data ages out and can be erased on request (docs/decisions/021-personal-data.md).
--
-- A booking whose personal data has been removed (by retention after the visit, or by an
-- erasure on request) keeps what the statistics need: office, dates, process, services and
-- prices, status and channel. personal_data_removed_at says when; a booking with it set is
-- not touched again by the retention job.
ALTER TABLE booking ADD COLUMN personal_data_removed_at timestamptz;

-- An e-mail's or text message's body is cleared a while after it was sent: the message keeps
-- its kind, channel, status and times, and its recipient only as a hash (recipient_hash:
-- hex SHA-256 of the address as it was written, lower-cased), so a delivery can still be
-- counted per recipient without keeping the address.
ALTER TABLE email_outbox ADD COLUMN recipient_hash text;
ALTER TABLE email_outbox ADD COLUMN body_cleared_at timestamptz;

-- The accessibility statement's feedback form sends its message to the company's e-mail
-- through the outbox.
ALTER TABLE email_outbox DROP CONSTRAINT IF EXISTS email_outbox_kind_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
  CHECK (kind IN ('CONFIRMATION', 'REGISTRATION', 'MOVED', 'CANCELLED', 'OFFICE_NOTICE', 'REMINDER', 'ACCESSIBILITY_FEEDBACK'));

-- The retention job (src/jobs/purge.ts) finds the bookings whose personal data is due by
-- the visit's time: the start, a lead's wished day (the start of that day in Helsinki) or,
-- for a lead without one, when it was made. Only bookings not yet done are indexed, so the
-- index stays the size of the last retention period. The job's query repeats the expression
-- exactly (an index on an expression is used only for that expression).
CREATE INDEX booking_personal_data_due_idx
  ON booking ((coalesce(start_at, (lead_date::timestamp AT TIME ZONE 'Europe/Helsinki'), created_at)))
  WHERE personal_data_removed_at IS NULL;

-- Messages sent or failed for good whose body is still there, by when that happened.
CREATE INDEX email_outbox_body_due_idx
  ON email_outbox ((coalesce(sent_at, next_attempt_at)))
  WHERE body_cleared_at IS NULL AND status IN ('SENT', 'FAILED');

-- Loyalty registrations never confirmed are deleted a while after they were started.
CREATE INDEX loyalty_registration_created_idx ON loyalty_registration (created_at);
