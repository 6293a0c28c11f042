-- Version numbers that caches check before they answer from memory (docs/decisions/013).
--
-- availability_version: one row per office, bumped in the same transaction as anything
-- that changes the office's taken time or capacity: a hold or a booking's time taken,
-- moved or freed (resource_time), a resource added, moved or removed, the office's own
-- row changed (hours, slot grid, lead-only, active). A reader that sees version V also
-- sees every change that came before V, so "read the version first, then the data, keep
-- the data under that version" is correct in any number of processes without messaging.
--
-- catalogue_version: one row, bumped by any change to what the catalogue serves
-- (products, groups, parameters, offices and their makes, makes, tires, texts, settings).
--
-- Triggers do the bumping, so no code path can forget it.

CREATE TABLE availability_version (
  organization_id integer PRIMARY KEY REFERENCES organization(id) ON DELETE CASCADE,
  version         bigint NOT NULL DEFAULT 1
);
INSERT INTO availability_version (organization_id) SELECT id FROM organization;

CREATE TABLE catalogue_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO catalogue_version DEFAULT VALUES;

CREATE FUNCTION bump_availability_of_resource(changed_resource_id integer) RETURNS void
LANGUAGE sql AS $$
  UPDATE availability_version SET version = version + 1
  WHERE organization_id = (SELECT r.organization_id FROM resource r WHERE r.id = changed_resource_id);
$$;

-- Taken time: every insert, update and delete, except the clean-up of holds that had
-- already expired (a cache leaves expired holds out by itself, so nothing it shows changes).
CREATE FUNCTION resource_time_bumps_availability() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT (OLD.kind = 'HOLD' AND OLD.expires_at <= now()) THEN
      PERFORM bump_availability_of_resource(OLD.resource_id);
    END IF;
    RETURN NULL;
  END IF;
  PERFORM bump_availability_of_resource(NEW.resource_id);
  IF TG_OP = 'UPDATE' AND OLD.resource_id <> NEW.resource_id THEN
    PERFORM bump_availability_of_resource(OLD.resource_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER resource_time_availability
  AFTER INSERT OR UPDATE OR DELETE ON resource_time
  FOR EACH ROW EXECUTE FUNCTION resource_time_bumps_availability();

CREATE FUNCTION resource_bumps_availability() RETURNS trigger
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
CREATE TRIGGER resource_availability
  AFTER INSERT OR UPDATE OR DELETE ON resource
  FOR EACH ROW EXECUTE FUNCTION resource_bumps_availability();

CREATE FUNCTION organization_bumps_availability() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO availability_version (organization_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  ELSE
    UPDATE availability_version SET version = version + 1 WHERE organization_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER organization_availability
  AFTER INSERT OR UPDATE ON organization
  FOR EACH ROW EXECUTE FUNCTION organization_bumps_availability();

CREATE FUNCTION bump_catalogue_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'setting', 'vehicle_make', 'vehicle_model', 'organization', 'organization_make', 'resource',
    'service_group', 'product', 'product_operation', 'product_additional', 'extra_order_item',
    'offer', 'tire', 'tire_supplier', 'product_parameter', 'redirect_setting', 'organization_info_text'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()',
      t || '_catalogue', t);
  END LOOP;
END $$;
