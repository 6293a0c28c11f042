-- The rest of the reservation page: key lockers, lead mode (a wished date instead of a
-- time), mechanics the customer may choose, and the bookings these leave behind.

-- Offices: key-locker compartments, lead-only offices, customer-chosen mechanics.
ALTER TABLE organization ADD COLUMN locker_compartments integer NOT NULL DEFAULT 4 CHECK (locker_compartments >= 0);
ALTER TABLE organization ADD COLUMN lead_only boolean NOT NULL DEFAULT false;
ALTER TABLE organization ADD COLUMN customer_selects_resource boolean NOT NULL DEFAULT false;

-- Resources a customer may choose, with the name shown to the customer ('Mekaanikko Jari').
ALTER TABLE resource ADD COLUMN selectable boolean NOT NULL DEFAULT false;
ALTER TABLE resource ADD COLUMN display_name text;

-- The process: key locker (reservation-details/v2), lead date, chosen mechanics.
ALTER TABLE process ADD COLUMN using_key_locker boolean NOT NULL DEFAULT false;
ALTER TABLE process ADD COLUMN lead_date date;
ALTER TABLE process ADD COLUMN selected_resource_ids jsonb NOT NULL DEFAULT '[]';

-- A booking is a reservation (a time on a resource) or a lead (a wished date, no time).
ALTER TABLE booking ADD COLUMN kind text NOT NULL DEFAULT 'RESERVATION' CHECK (kind IN ('RESERVATION', 'LEAD'));
ALTER TABLE booking ADD COLUMN lead_date date;
ALTER TABLE booking ADD COLUMN using_key_locker boolean NOT NULL DEFAULT false;
-- The customer's phone as digits with a leading 0 (+358 → 0): who was here before.
ALTER TABLE booking ADD COLUMN customer_phone text;
ALTER TABLE booking ALTER COLUMN start_at DROP NOT NULL;
ALTER TABLE booking ALTER COLUMN end_at DROP NOT NULL;
ALTER TABLE booking ALTER COLUMN time_selection_type DROP NOT NULL;
ALTER TABLE booking ADD CONSTRAINT booking_kind_fields CHECK (
  (kind = 'RESERVATION' AND start_at IS NOT NULL AND end_at IS NOT NULL AND time_selection_type IS NOT NULL)
  OR (kind = 'LEAD' AND lead_date IS NOT NULL)
);

UPDATE booking SET customer_phone = CASE
    WHEN regexp_replace(customer->>'phone_number', '\D', '', 'g') ~ '^(00)?358.{4,}'
      THEN '0' || regexp_replace(regexp_replace(customer->>'phone_number', '\D', '', 'g'), '^(00)?358', '')
    ELSE regexp_replace(customer->>'phone_number', '\D', '', 'g')
  END
  WHERE customer ? 'phone_number';

CREATE INDEX booking_customer_phone_idx ON booking (organization_id, customer_phone, start_at) WHERE customer_phone IS NOT NULL;
-- Key-locker counts look up an office's locker bookings by time.
CREATE INDEX booking_key_locker_idx ON booking (organization_id, start_at) WHERE using_key_locker;
