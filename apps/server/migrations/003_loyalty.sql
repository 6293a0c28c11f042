-- OmaLaakkonen loyalty accounts, their saved cars, vouchers and service contracts, and the
-- campaign codes a booking can carry.

CREATE TABLE loyalty_account (
  id                 serial PRIMARY KEY,
  username           text NOT NULL UNIQUE,          -- the e-mail address, lower-cased
  password_hash      text NOT NULL,                 -- scrypt$N$r$p$salt$hash
  firstname          text NOT NULL,
  lastname           text NOT NULL,
  phone              text NOT NULL DEFAULT '',
  email              text NOT NULL,
  address            text NOT NULL DEFAULT '',
  zip                text NOT NULL DEFAULT '',
  city               text NOT NULL DEFAULT '',
  confirmed          boolean NOT NULL DEFAULT false,
  confirmation_hash  text,                          -- sha256 of the code sent by e-mail
  created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_account_brand (
  account_id integer NOT NULL REFERENCES loyalty_account(id),
  make_id    integer NOT NULL REFERENCES vehicle_make(id),
  PRIMARY KEY (account_id, make_id)
);

-- Only a hash of a token is stored: a copy of the database logs nobody in.
CREATE TABLE loyalty_token (
  token_hash text PRIMARY KEY,
  account_id integer NOT NULL REFERENCES loyalty_account(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

-- Failed logins, counted per account and per client address for rate limiting.
CREATE TABLE login_attempt (
  id           bigserial PRIMARY KEY,
  key          text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempt_key_idx ON login_attempt (key, attempted_at);

CREATE TABLE loyalty_vehicle (
  account_id         integer NOT NULL REFERENCES loyalty_account(id),
  license            text NOT NULL,
  brand_name         text NOT NULL,
  model_name         text NOT NULL,
  car_type_specified text NOT NULL,
  image_id           text REFERENCES media(id),
  PRIMARY KEY (account_id, license)
);

CREATE TABLE loyalty_voucher (
  id              text PRIMARY KEY,
  account_id      integer NOT NULL REFERENCES loyalty_account(id),
  title           text NOT NULL,
  discount_cents  integer NOT NULL CHECK (discount_cents > 0),
  valid_from      date NOT NULL,
  valid_to        date NOT NULL,
  used_booking_id bigint REFERENCES booking(id),
  CHECK (valid_from <= valid_to)
);

CREATE TABLE loyalty_service_contract (
  account_id    integer NOT NULL REFERENCES loyalty_account(id),
  license       text NOT NULL,
  contract_type text NOT NULL,
  description   text NOT NULL,
  valid_to      date NOT NULL,
  PRIMARY KEY (account_id, license, contract_type)
);

-- Campaign codes: a percentage off the services of the order.
CREATE TABLE campaign_code (
  code        text PRIMARY KEY,
  description text NOT NULL,
  percent_off integer NOT NULL CHECK (percent_off BETWEEN 1 AND 100),
  members_only boolean NOT NULL DEFAULT false,
  active      boolean NOT NULL DEFAULT true
);

ALTER TABLE process ADD COLUMN campaign_code text;
ALTER TABLE process ADD COLUMN loyalty_account_id integer REFERENCES loyalty_account(id);
ALTER TABLE process ADD COLUMN voucher_ids jsonb NOT NULL DEFAULT '[]';

ALTER TABLE booking ADD COLUMN campaign_code text;
ALTER TABLE booking ADD COLUMN voucher_ids jsonb NOT NULL DEFAULT '[]';
ALTER TABLE booking ADD COLUMN loyalty_account_id integer REFERENCES loyalty_account(id);
