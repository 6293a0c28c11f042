-- The catalogue in the workshop's hands (back-office and import): a service's validity,
-- a campaign code's validity, a tire's key in its supplier's price list and its make, and
-- the audit trail of the catalogue's changes.

-- A service is offered to customers from valid_from to valid_to (Finnish dates, both
-- included; NULL: open). Campaign services end; a saved booking keeps its service.
ALTER TABLE product ADD COLUMN valid_from date;
ALTER TABLE product ADD COLUMN valid_to date;
ALTER TABLE product ADD CONSTRAINT product_validity CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to);

-- A campaign code is accepted from valid_from to valid_to (Finnish dates, both included;
-- NULL: open). An expired code is refused with its own message.
ALTER TABLE campaign_code ADD COLUMN valid_from date;
ALTER TABLE campaign_code ADD COLUMN valid_to date;
ALTER TABLE campaign_code ADD CONSTRAINT campaign_code_validity CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to);
ALTER TABLE campaign_code ADD CONSTRAINT campaign_code_format CHECK (code ~ '^[A-Z0-9_-]{1,40}$');

-- A tire's product code in its supplier's price and stock list: the list's key, with the
-- supplier. Its make (the brand on the tire) defaults to the supplier's name.
ALTER TABLE tire ADD COLUMN supplier_code text;
ALTER TABLE tire ADD COLUMN make text;
UPDATE tire SET supplier_code = product_id WHERE supplier_code IS NULL;
UPDATE tire SET make = s.name FROM tire_supplier s WHERE s.id = tire.supplier_id AND tire.make IS NULL;

CREATE FUNCTION tire_defaults() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.supplier_code IS NULL THEN
    NEW.supplier_code := NEW.product_id;
  END IF;
  IF NEW.make IS NULL THEN
    NEW.make := (SELECT name FROM tire_supplier WHERE id = NEW.supplier_id);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER tire_defaults BEFORE INSERT OR UPDATE ON tire FOR EACH ROW EXECUTE FUNCTION tire_defaults();

ALTER TABLE tire ALTER COLUMN supplier_code SET NOT NULL;
ALTER TABLE tire ALTER COLUMN make SET NOT NULL;
ALTER TABLE tire ADD CONSTRAINT tire_supplier_code_key UNIQUE (supplier_id, supplier_code);
ALTER TABLE tire ADD CONSTRAINT tire_stock_range CHECK (stock BETWEEN 0 AND 100000);

-- The audit trail also records the catalogue's changes.
ALTER TABLE audit_event DROP CONSTRAINT audit_event_entity_check;
ALTER TABLE audit_event ADD CONSTRAINT audit_event_entity_check
  CHECK (entity IN ('COMPANY', 'OFFICE', 'RESOURCE', 'WORK_KIND', 'IMPORT', 'INFO_TEXT',
                    'SERVICE', 'SERVICE_GROUP', 'CAMPAIGN_CODE', 'EXTRA_ITEM', 'TIRE', 'MEDIA'));
