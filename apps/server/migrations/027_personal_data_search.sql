-- An admin finds what is held about a person (POST /staff/personal-data/search, export and
-- erase) by an e-mail address, a phone number or a registration number: each is looked up
-- through an index, not by reading every booking.

-- A phone number as normalizePhoneNumber (packages/domain) writes it: digits only, +358 or
-- 00358 as 0. The booking's customer_phone is written so; the customer's own phone_number
-- and a loyalty account's phone are compared through this.
CREATE FUNCTION normalized_phone(raw text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN regexp_replace(raw, '\D', '', 'g') ~ '^(00)?358\d{4,}$'
      THEN '0' || regexp_replace(regexp_replace(raw, '\D', '', 'g'), '^(00)?358', '')
    ELSE regexp_replace(raw, '\D', '', 'g')
  END
$$;

CREATE INDEX booking_customer_email_idx ON booking (lower(customer->>'email'));
CREATE INDEX booking_customer_phone_only_idx ON booking (customer_phone) WHERE customer_phone IS NOT NULL;
CREATE INDEX booking_customer_phone_number_idx ON booking (normalized_phone(customer->>'phone_number'));
CREATE INDEX booking_register_number_idx ON booking (upper(register_number));
CREATE INDEX email_outbox_recipient_idx ON email_outbox (lower(recipient));
CREATE INDEX feedback_booking_idx ON feedback (booking_id) WHERE booking_id IS NOT NULL;
CREATE INDEX loyalty_voucher_used_booking_idx ON loyalty_voucher (used_booking_id) WHERE used_booking_id IS NOT NULL;
CREATE INDEX booking_loyalty_account_idx ON booking (loyalty_account_id) WHERE loyalty_account_id IS NOT NULL;

-- The audit trail records each search, download and erasure of a person's data and each
-- loyalty account its member deleted: counts and which kinds of key, never the data.
ALTER TABLE audit_event DROP CONSTRAINT audit_event_entity_check;
ALTER TABLE audit_event ADD CONSTRAINT audit_event_entity_check
  CHECK (entity IN ('COMPANY', 'OFFICE', 'RESOURCE', 'WORK_KIND', 'IMPORT', 'INFO_TEXT',
                    'SERVICE', 'SERVICE_GROUP', 'CAMPAIGN_CODE', 'EXTRA_ITEM', 'TIRE', 'MEDIA', 'VOUCHER',
                    'PERSONAL_DATA'));
ALTER TABLE audit_event DROP CONSTRAINT audit_event_action_check;
ALTER TABLE audit_event ADD CONSTRAINT audit_event_action_check
  CHECK (action IN ('CREATED', 'UPDATED', 'DEACTIVATED', 'ACTIVATED', 'IMPORTED',
                    'SEARCHED', 'EXPORTED', 'ERASED', 'ACCOUNT_DELETED'));
