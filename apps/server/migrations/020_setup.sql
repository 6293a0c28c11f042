-- A chain sets itself up from the back-office: its offices with their own codes and the
-- processes they offer, their resources in order with the kinds of work each can do, the
-- kind of work each service needs, and an audit row for every change of the set-up.

-- ---- Offices ----

-- An office's own code: the natural key of the data import (docs/data-import.md). An office
-- inserted without one gets its id as its code.
ALTER TABLE organization ADD COLUMN code text;
UPDATE organization SET code = id::text;
ALTER TABLE organization ALTER COLUMN code SET NOT NULL;
ALTER TABLE organization ADD CONSTRAINT organization_code_key UNIQUE (code);
ALTER TABLE organization ADD CONSTRAINT organization_code_format CHECK (code ~ '^[A-Za-z0-9_-]{1,30}$');

CREATE FUNCTION organization_code_default() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.code IS NULL THEN
    NEW.code := NEW.id::text;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER organization_code_default
  BEFORE INSERT ON organization
  FOR EACH ROW EXECUTE FUNCTION organization_code_default();

-- The processes an office offers: tire change and windshield have had their flags
-- (tire_change, windshield); maintenance and tire sales get theirs, on as before.
ALTER TABLE organization ADD COLUMN maintenance boolean NOT NULL DEFAULT true;
ALTER TABLE organization ADD COLUMN tire_sales boolean NOT NULL DEFAULT true;

-- A standing notice to the office's customers (the dated ones are organization_info_text).
ALTER TABLE organization ADD COLUMN customer_notice text NOT NULL DEFAULT ''
  CHECK (length(customer_notice) <= 2000);

-- ---- Resources ----

-- The order the office lists its resources in, and whether a resource still takes bookings.
-- A resource is never deleted: its bookings and history keep pointing at it.
ALTER TABLE resource ADD COLUMN sort integer NOT NULL DEFAULT 0;
ALTER TABLE resource ADD COLUMN active boolean NOT NULL DEFAULT true;
UPDATE resource SET sort = id;
ALTER TABLE resource ADD CONSTRAINT resource_name_per_office UNIQUE (organization_id, name);
ALTER TABLE resource ADD CONSTRAINT resource_name_length CHECK (length(name) BETWEEN 1 AND 100);

-- ---- Kinds of work ----

-- What a resource can do (maintenance, tire change, windshield, wheel alignment …): an
-- admin-editable list. A kind is never deleted, only deactivated.
CREATE TABLE work_kind (
  code   text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_]{1,40}$'),
  name   text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  sort   integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);
INSERT INTO work_kind (code, name, sort) VALUES
  ('MAINTENANCE', 'Huolto', 1),
  ('TIRE_CHANGE', 'Renkaanvaihto', 2),
  ('WINDSHIELD', 'Tuulilasityöt', 3),
  ('WHEEL_ALIGNMENT', 'Suuntaus', 4);

-- The kinds of work each resource can do. Every resource there is now does every kind, as
-- before this table.
CREATE TABLE resource_work_kind (
  resource_id integer NOT NULL REFERENCES resource(id),
  work_kind   text NOT NULL REFERENCES work_kind(code),
  PRIMARY KEY (resource_id, work_kind)
);
INSERT INTO resource_work_kind (resource_id, work_kind)
  SELECT r.id, k.code FROM resource r CROSS JOIN work_kind k;

-- The kind of work a service needs (null: any resource can do it). Free times use only the
-- resources that can do every line of the cart.
ALTER TABLE product ADD COLUMN work_kind text REFERENCES work_kind(code);
UPDATE product p SET work_kind = CASE g.stage WHEN 'TIRE_SERVICES' THEN 'TIRE_CHANGE' ELSE 'MAINTENANCE' END
  FROM service_group g WHERE g.id = p.group_id;

-- What a resource can do changes the office's free times at once, like the resource itself.
CREATE FUNCTION resource_work_kind_bumps_availability() RETURNS trigger
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
CREATE TRIGGER resource_work_kind_availability
  AFTER INSERT OR UPDATE OR DELETE ON resource_work_kind
  FOR EACH ROW EXECUTE FUNCTION resource_work_kind_bumps_availability();

CREATE TRIGGER work_kind_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_kind
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER resource_work_kind_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON resource_work_kind
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

-- ---- Audit ----

-- Every change of the set-up (company details, offices, resources, kinds of work, imports):
-- who, when, what, and the row before and after. staff_user_id is null for the command line
-- (npm run data:import).
CREATE TABLE audit_event (
  id            bigserial PRIMARY KEY,
  at            timestamptz NOT NULL DEFAULT now(),
  staff_user_id integer REFERENCES staff_user(id),
  entity        text NOT NULL CHECK (entity IN ('COMPANY', 'OFFICE', 'RESOURCE', 'WORK_KIND', 'IMPORT')),
  entity_id     text,
  action        text NOT NULL CHECK (action IN ('CREATED', 'UPDATED', 'DEACTIVATED', 'ACTIVATED', 'IMPORTED')),
  before        jsonb,
  after         jsonb
);
CREATE INDEX audit_event_entity_idx ON audit_event (entity, entity_id, id);
