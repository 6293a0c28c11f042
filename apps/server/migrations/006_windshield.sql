-- Windshield service (/proautolasi): product parameters that the customer chooses with a
-- product (a CHOICE whose values may carry a campaign price), and products whose work
-- grows with the amount (a stone-chip repair takes 30 minutes each).

-- true: the product's duration_minutes is per unit, so a line takes amount × duration.
ALTER TABLE product ADD COLUMN duration_per_unit boolean NOT NULL DEFAULT false;

-- A CHOICE parameter of a product, e.g. INSURANCE_CAMPAIGN with its values
-- [{"value": "true", "description": "Vakuutusyhtiön kampanja", "campaign": true}, …].
-- A value with campaign true gives the product's price_cents, any other value its
-- normal_price_cents.
CREATE TABLE product_parameter (
  product_id     text NOT NULL REFERENCES product(id),
  parameter_code text NOT NULL,
  type           text NOT NULL DEFAULT 'CHOICE' CHECK (type IN ('CHOICE')),
  choice_values  jsonb NOT NULL CHECK (jsonb_typeof(choice_values) = 'array' AND jsonb_array_length(choice_values) > 0),
  sort           integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, parameter_code)
);
