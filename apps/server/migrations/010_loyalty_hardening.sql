-- OmaLaakkonen: failed logins and confirmation codes are counted in one row per key, which
-- one statement increments and checks before a password or code is compared, so concurrent
-- guesses cannot slip past the limit; and a registration waits in its own row, bound to the
-- browser that made it, until its code is confirmed (docs/decisions/006).

-- The log of failed logins is replaced by counters: one row per key (an address, an account at
-- an address, an account, an account's confirmations), holding the failures counted since the
-- key was last cleared or forgotten, and the time before which the key takes no attempt.
DROP TABLE login_attempt;

CREATE TABLE login_throttle (
  key             text PRIMARY KEY CHECK (length(key) <= 100),  -- kind:sha256 of the account and/or address
  failures        integer NOT NULL CHECK (failures >= 0),
  last_failure_at timestamptz NOT NULL,
  blocked_until   timestamptz,
  refused         boolean NOT NULL DEFAULT false                -- whether the latest attempt was refused
);
CREATE INDEX login_throttle_last_failure_idx ON login_throttle (last_failure_at);

-- A registration that waits for its e-mailed code. Each carries the password it was made
-- with, and only the browser that made it (a cookie whose hash is browser_hash) can confirm it.
CREATE TABLE loyalty_registration (
  id            bigserial PRIMARY KEY,
  username      text NOT NULL,                    -- the e-mail address, lower-cased
  browser_hash  text NOT NULL UNIQUE,             -- sha256 of the registration cookie
  code_hash     text NOT NULL,                    -- sha256 of the code sent by e-mail
  password_hash text NOT NULL,                    -- scrypt$N$r$p$salt$hash
  firstname     text NOT NULL,
  lastname      text NOT NULL,
  phone         text NOT NULL DEFAULT '',
  attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX loyalty_registration_username_idx ON loyalty_registration (username, created_at);
CREATE INDEX loyalty_registration_expires_idx ON loyalty_registration (expires_at);

-- Codes sent before this change confirm nothing any more: such an address registers again.
UPDATE loyalty_account SET confirmation_hash = NULL WHERE NOT confirmed AND confirmation_hash IS NOT NULL;
