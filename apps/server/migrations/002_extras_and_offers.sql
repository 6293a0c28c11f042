-- Maintenance extras: codes that unlock services, products offered under a product,
-- small extra order items, offer cards ("lifts").

-- A product with a service code is shown only to a process that has entered the code.
ALTER TABLE product ADD COLUMN service_code text;
CREATE INDEX product_service_code_idx ON product (service_code) WHERE service_code IS NOT NULL;

-- Products offered under a selected product (requirements §2 "Extra products appear under a selected product").
CREATE TABLE product_additional (
  product_id            text NOT NULL REFERENCES product(id),
  additional_product_id text NOT NULL REFERENCES product(id),
  sort                  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, additional_product_id),
  CHECK (product_id <> additional_product_id)
);

-- Small items added to the order beyond the services (wiper blades, bulbs, washer fluid…).
CREATE TABLE extra_order_item (
  id          text PRIMARY KEY,
  description text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  sort        integer NOT NULL DEFAULT 0,
  active      boolean NOT NULL DEFAULT true
);

ALTER TABLE process ADD COLUMN extra_order_items jsonb NOT NULL DEFAULT '[]';

-- Offer cards of the side column; a card sells one product.
CREATE TABLE offer (
  id         text PRIMARY KEY,
  title      text NOT NULL,
  body       text NOT NULL,
  image_id   text REFERENCES media(id),
  product_id text NOT NULL REFERENCES product(id),
  sort       integer NOT NULL DEFAULT 0,
  active     boolean NOT NULL DEFAULT true
);
