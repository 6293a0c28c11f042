-- Booking service schema. Runs unchanged on PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Key-value settings that change without a release (service-break window, links…).
CREATE TABLE setting (
  key   text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE vehicle_make (
  id   integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE vehicle_model (
  id      integer PRIMARY KEY,
  make_id integer NOT NULL REFERENCES vehicle_make(id),
  name    text NOT NULL,
  classification_id integer NOT NULL DEFAULT 1,
  UNIQUE (make_id, name)
);

-- The vehicle register: what search-vehicle looks up.
CREATE TABLE vehicle (
  register_number   text PRIMARY KEY,
  make_id           integer NOT NULL REFERENCES vehicle_make(id),
  model             text NOT NULL,
  model_year        integer,
  classification_id integer NOT NULL DEFAULT 1,
  fuel              text,
  introduction_date date,
  -- tire sizes by axle: {"front": VehicleTire, "rear": VehicleTire}
  tires             jsonb
);

CREATE TABLE organization (
  id                  integer PRIMARY KEY,
  name                text NOT NULL,
  address             text NOT NULL,
  post_code           text NOT NULL,
  post_office         text NOT NULL,
  phone               text,
  email               text,
  latitude            double precision,
  longitude           double precision,
  -- EXACT_TIME or DAY_ONLY
  time_selection_type text NOT NULL DEFAULT 'EXACT_TIME',
  -- Helsinki wall-clock opening hours, Monday–Friday
  opening_time        time NOT NULL DEFAULT '07:30',
  closing_time        time NOT NULL DEFAULT '17:00',
  -- first bookable start and the grid of start times
  first_slot_time     time NOT NULL DEFAULT '08:00',
  slot_step_minutes   integer NOT NULL DEFAULT 60 CHECK (slot_step_minutes > 0),
  tire_change         boolean NOT NULL DEFAULT true,
  windshield          boolean NOT NULL DEFAULT false,
  show_loan_calculator boolean NOT NULL DEFAULT false,
  active              boolean NOT NULL DEFAULT true
);

-- Makes an office is an authorised brand dealer for.
CREATE TABLE organization_make (
  organization_id integer NOT NULL REFERENCES organization(id),
  make_id         integer NOT NULL REFERENCES vehicle_make(id),
  PRIMARY KEY (organization_id, make_id)
);

-- Capacity: a lift with its mechanic. Bookings and holds take resources.
CREATE TABLE resource (
  id              integer PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organization(id),
  name            text NOT NULL
);
CREATE INDEX resource_organization_idx ON resource (organization_id);

CREATE TABLE service_group (
  id            text PRIMARY KEY,
  stage         text NOT NULL,           -- DEFAULT, FIXED_CAMPAIGN_SERVICES, TIRE_SERVICES
  kind          text NOT NULL,           -- PRIMARY or ADDITIONAL (DEFAULT stage)
  title         text NOT NULL,
  calculator_id text,
  sort          integer NOT NULL DEFAULT 0
);

-- A bookable service or product. Prices in cents; duration is the work it needs.
CREATE TABLE product (
  id               text PRIMARY KEY,
  group_id         text NOT NULL REFERENCES service_group(id),
  provider         text NOT NULL DEFAULT 'LAAKKONEN',
  description      text NOT NULL,
  info_html        text,
  price_cents      integer NOT NULL CHECK (price_cents >= 0),
  normal_price_cents integer,
  duration_minutes integer NOT NULL DEFAULT 60 CHECK (duration_minutes >= 0),
  -- a maintenance package fits a make (null: any make) and a mileage range
  make_id          integer REFERENCES vehicle_make(id),
  min_km           integer,
  max_km           integer,
  image_ids        text[] NOT NULL DEFAULT '{}',
  sort             integer NOT NULL DEFAULT 0,
  active           boolean NOT NULL DEFAULT true
);
CREATE INDEX product_group_idx ON product (group_id);

CREATE TABLE product_operation (
  product_id  text NOT NULL REFERENCES product(id),
  sort        integer NOT NULL,
  description text NOT NULL,
  spare_parts jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (product_id, sort)
);

-- A booking process in progress, keyed by its unguessable process token.
CREATE TABLE process (
  token              text PRIMARY KEY,
  process_type       text NOT NULL,
  installation_type  text NOT NULL,
  organization_id    integer REFERENCES organization(id),
  vehicle            jsonb,
  kilometers         integer,
  customer           jsonb,
  symptoms           jsonb NOT NULL DEFAULT '[]',
  notes              text,
  service_code       text,
  service_contract   boolean NOT NULL DEFAULT false,
  -- cart lines: [{productId, provider, amount, stage, parameters, description, calculatorId}]
  cart               jsonb NOT NULL DEFAULT '[]',
  product_parameters jsonb NOT NULL DEFAULT '[]',
  customer_waiting   boolean NOT NULL DEFAULT false,
  vehicle_left_for_day boolean NOT NULL DEFAULT false,
  booking_id         bigint,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL
);
CREATE INDEX process_expires_idx ON process (expires_at);

CREATE TABLE booking (
  id                  bigserial PRIMARY KEY,
  booking_key         text NOT NULL UNIQUE,
  process_token       text UNIQUE,
  process_type        text NOT NULL,
  organization_id     integer NOT NULL REFERENCES organization(id),
  register_number     text NOT NULL,
  status              text NOT NULL DEFAULT 'CONFIRMED',  -- CONFIRMED, CANCELLED
  start_at            timestamptz NOT NULL,
  end_at              timestamptz NOT NULL,
  time_selection_type text NOT NULL,
  customer            jsonb NOT NULL,
  vehicle             jsonb NOT NULL,
  order_items         jsonb NOT NULL,
  total_cents         integer NOT NULL,
  -- the whole booking as the customer confirmed it
  snapshot            jsonb NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_organization_start_idx ON booking (organization_id, start_at);

-- Time taken on a resource: a hold (expires unless its booking is saved) or a booking.
-- The exclusion constraint is what makes double booking impossible.
CREATE TABLE resource_time (
  id            bigserial PRIMARY KEY,
  resource_id   integer NOT NULL REFERENCES resource(id),
  during        tstzrange NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('HOLD', 'BOOKED')),
  process_token text,
  booking_id    bigint REFERENCES booking(id),
  expires_at    timestamptz,
  EXCLUDE USING gist (resource_id WITH =, during WITH &&)
);
CREATE INDEX resource_time_process_idx ON resource_time (process_token);

-- Confirmation e-mails, queued in the booking's transaction and sent after commit.
CREATE TABLE email_outbox (
  id              bigserial PRIMARY KEY,
  booking_id      bigint REFERENCES booking(id),
  recipient       text NOT NULL,
  subject         text NOT NULL,
  text_body       text NOT NULL,
  html_body       text,
  ics             text,
  file_name       text NOT NULL,
  status          text NOT NULL DEFAULT 'PENDING',  -- PENDING, SENT, FAILED
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_outbox_pending_idx ON email_outbox (status, next_attempt_at);

CREATE TABLE media (
  id           text PRIMARY KEY,
  content_type text NOT NULL,
  data         bytea NOT NULL
);
