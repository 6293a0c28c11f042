-- Redirect settings per make, damage-inspection offices, office info texts, managing a
-- saved booking (cancel, extra rows), and customer feedback.

-- Makes whose maintenance is booked on the make's own site (requirements §4 "Redirect after
-- vehicle step"). The URL may be overridden by REDIRECT_URL_<MAKE> at run time.
CREATE TABLE redirect_setting (
  make_id          integer PRIMARY KEY REFERENCES vehicle_make(id),
  redirect_url     text NOT NULL CHECK (redirect_url ~ '^https?://'),
  redirect_message text NOT NULL,
  redirect_delay   integer NOT NULL DEFAULT 5 CHECK (redirect_delay BETWEEN 0 AND 60),
  -- the process types the redirect applies to
  process_types    text[] NOT NULL DEFAULT '{MAINTENANCE}',
  active           boolean NOT NULL DEFAULT true
);

-- Offices that do damage inspections for insurers.
ALTER TABLE organization ADD COLUMN damage_inspection boolean NOT NULL DEFAULT false;

-- Notices an office shows for a while ('the entrance is at the back during the works').
-- Active on the Helsinki dates valid_from … valid_to, both included.
CREATE TABLE organization_info_text (
  id              serial PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organization(id),
  text            text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  valid_from      date NOT NULL,
  valid_to        date NOT NULL,
  active          boolean NOT NULL DEFAULT true,
  CHECK (valid_from <= valid_to)
);
CREATE INDEX organization_info_text_org_idx ON organization_info_text (organization_id, valid_to);

-- A cancelled booking keeps its row; its time is deleted from resource_time.
ALTER TABLE booking ADD COLUMN cancelled_at timestamptz;

-- Extra order items the customer added to a saved booking (booking/cd/add-rows).
CREATE TABLE booking_added_row (
  id               bigserial PRIMARY KEY,
  booking_id       bigint NOT NULL REFERENCES booking(id),
  product_id       text NOT NULL REFERENCES extra_order_item(id),
  description      text NOT NULL,
  amount           integer NOT NULL CHECK (amount BETWEEN 1 AND 99),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_added_row_booking_idx ON booking_added_row (booking_id);

-- Customer feedback (feedback/v2), optionally about a booking.
CREATE TABLE feedback (
  id          bigserial PRIMARY KEY,
  booking_id  bigint REFERENCES booking(id),
  rating      integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  message     text CHECK (length(message) <= 2000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
