-- What a service fits and what it already covers, so that the catalogue offers only what
-- makes sense for the car and the cart (modules/catalogue/service.ts):
-- vehicle_class: the vehicle class the product is for (1 passenger car, 2 van; requirements §9),
--   NULL for any class (e.g. a van's oil change is not offered for a Golf);
-- included_product_ids: products whose work this product already includes (a maintenance
--   package includes the oil change), so these are not offered beside it or under it.
ALTER TABLE product ADD COLUMN vehicle_class integer CHECK (vehicle_class IN (1, 2));
ALTER TABLE product ADD COLUMN included_product_ids text[] NOT NULL DEFAULT '{}';
