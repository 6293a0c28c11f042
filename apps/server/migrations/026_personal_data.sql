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
