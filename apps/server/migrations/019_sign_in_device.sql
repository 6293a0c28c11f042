-- Browsers that have signed in to an account before (docs/decisions/017): a device cookie's
-- random value, kept only as its sha256, with each account (staff or OmaLaakkonen) signed in
-- from it. A sign-in from such a browser is not held up by the account-wide failure count
-- that strangers' guesses raise; its own failures are counted per device instead.
CREATE TABLE sign_in_device (
  token_hash  text NOT NULL CHECK (length(token_hash) <= 100),  -- sha256 of the cookie's value
  account_key text NOT NULL CHECK (length(account_key) <= 100),  -- kind:sha256 of the account's e-mail
  expires_at  timestamptz NOT NULL,
  PRIMARY KEY (token_hash, account_key)
);
CREATE INDEX sign_in_device_expires_idx ON sign_in_device (expires_at);
