-- The tire catalogue. A tire is also a product (price, cart, order items); this table
-- holds what a tire search filters on.

CREATE TABLE tire_supplier (
  id   integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE tire (
  product_id     text PRIMARY KEY REFERENCES product(id),
  supplier_id    integer NOT NULL REFERENCES tire_supplier(id),
  model          text NOT NULL,
  tire_type      text NOT NULL CHECK (tire_type IN ('NORMAL', 'WINTER_STUDDED', 'WINTER_STUDLESS')),
  width          integer NOT NULL,
  aspect_ratio   integer NOT NULL,
  rim_diameter   integer NOT NULL,
  load_index     integer NOT NULL CHECK (load_index BETWEEN 70 AND 130),
  speed_index    text NOT NULL,
  -- e.g. {XL}, {C}, {RF}
  extra_markings text[] NOT NULL DEFAULT '{}',
  stock          integer NOT NULL DEFAULT 0
);
CREATE INDEX tire_search_idx ON tire (width, aspect_ratio, rim_diameter, tire_type, load_index);
