-- The workshop's side: staff accounts and their sessions, what happened at a visit, a
-- booking's history and notes, absences of resources, opening exceptions of offices, and
-- the kind of each outgoing message (reminders are queued once per booking and visit time).

-- Staff, apart from OmaLaakkonen's members. An OFFICE user runs the offices listed for it in
-- staff_user_office; an ADMIN runs every office and the staff accounts.
CREATE TABLE staff_user (
  id            serial PRIMARY KEY,
  email         text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  role          text NOT NULL CHECK (role IN ('ADMIN', 'OFFICE')),
  password_hash text NOT NULL,                 -- scrypt$N$r$p$salt$hash (lib/password.ts)
  active        boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_user_office (
  staff_user_id   integer NOT NULL REFERENCES staff_user(id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organization(id),
  PRIMARY KEY (staff_user_id, organization_id)
);

-- A signed-in browser: the cookie holds a random token, the row its sha256.
CREATE TABLE staff_session (
  token_hash    text PRIMARY KEY,
  staff_user_id integer NOT NULL REFERENCES staff_user(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX staff_session_user_idx ON staff_session (staff_user_id);
CREATE INDEX staff_session_expires_idx ON staff_session (expires_at);

-- What happened at the visit (NULL: nothing marked yet).
ALTER TABLE booking ADD COLUMN visit_status text CHECK (visit_status IN ('ARRIVED', 'DONE', 'NO_SHOW'));

-- A booking's history: who did what and when, with the booking's state before and after.
-- CREATED, MOVED and CANCELLED come from the customer (the booking flow, /oma-varaus) or
-- from staff; STATUS and NOTE from staff.
CREATE TABLE booking_event (
  id            bigserial PRIMARY KEY,
  booking_id    bigint NOT NULL REFERENCES booking(id),
  at            timestamptz NOT NULL DEFAULT now(),
  actor         text NOT NULL CHECK (actor IN ('CUSTOMER', 'STAFF', 'SYSTEM')),
  staff_user_id integer REFERENCES staff_user(id),
  action        text NOT NULL CHECK (action IN ('CREATED', 'MOVED', 'CANCELLED', 'STATUS', 'NOTE')),
  before        jsonb,
  after         jsonb,
  note          text CHECK (length(note) <= 2000),
  CHECK ((actor = 'STAFF') = (staff_user_id IS NOT NULL))
);
CREATE INDEX booking_event_booking_idx ON booking_event (booking_id, id);

-- A resource's time off (a day or some hours): no free times are offered in it. A booking
-- already in it stays and is flagged to staff.
CREATE TABLE resource_absence (
  id            bigserial PRIMARY KEY,
  resource_id   integer NOT NULL REFERENCES resource(id),
  during        tstzrange NOT NULL CHECK (NOT isempty(during) AND NOT lower_inf(during) AND NOT upper_inf(during)),
  reason        text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  staff_user_id integer REFERENCES staff_user(id),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX resource_absence_during_idx ON resource_absence USING gist (resource_id, during);

-- A day an office keeps other hours than its usual ones: closed (both times NULL) or open
-- from opening_time to closing_time (Helsinki wall-clock).
CREATE TABLE opening_exception (
  organization_id integer NOT NULL REFERENCES organization(id),
  day             date NOT NULL,
  opening_time    time,
  closing_time    time,
  reason          text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  PRIMARY KEY (organization_id, day),
  CHECK ((opening_time IS NULL) = (closing_time IS NULL)),
  CHECK (opening_time IS NULL OR opening_time < closing_time)
);

-- Absences and exceptions change what an office has free, like taken time does.
CREATE FUNCTION resource_absence_bumps_availability() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM bump_availability_of_resource(OLD.resource_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM bump_availability_of_resource(NEW.resource_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER resource_absence_availability
  AFTER INSERT OR UPDATE OR DELETE ON resource_absence
  FOR EACH ROW EXECUTE FUNCTION resource_absence_bumps_availability();

CREATE FUNCTION opening_exception_bumps_availability() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE availability_version SET version = version + 1 WHERE organization_id = OLD.organization_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE availability_version SET version = version + 1 WHERE organization_id = NEW.organization_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER opening_exception_availability
  AFTER INSERT OR UPDATE OR DELETE ON opening_exception
  FOR EACH ROW EXECUTE FUNCTION opening_exception_bumps_availability();

-- Outgoing messages by kind and channel. A reminder is queued once per booking and visit
-- time (reminder_for: the start it reminds of), whichever process queues it first; a moved
-- booking gets a reminder of its new time.
ALTER TABLE email_outbox ADD COLUMN kind text NOT NULL DEFAULT 'CONFIRMATION'
  CHECK (kind IN ('CONFIRMATION', 'REGISTRATION', 'MOVED', 'CANCELLED', 'OFFICE_NOTICE', 'REMINDER'));
ALTER TABLE email_outbox ADD COLUMN channel text NOT NULL DEFAULT 'EMAIL' CHECK (channel IN ('EMAIL', 'SMS'));
ALTER TABLE email_outbox ADD COLUMN reminder_for timestamptz;
CREATE UNIQUE INDEX email_outbox_reminder_once ON email_outbox (booking_id, channel, reminder_for) WHERE kind = 'REMINDER';
CREATE INDEX booking_confirmed_start_idx ON booking (start_at) WHERE status = 'CONFIRMED';
