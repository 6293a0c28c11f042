-- The back-office search (GET /staff/bookings?q=, staff-bookings/repository.ts
-- findMatchingBookings) at a chain's size: each of its terms is found through an index of
-- its own (the planner ORs them in one bitmap), not by reading every booking
-- (docs/decisions/023-search-at-size.md). Each index repeats the search's expression
-- exactly: an index on an expression is used only for that expression.

-- Trigram indexes find a part of a text anywhere in it (LIKE/ILIKE '%…%'). PostgreSQL
-- ships the extension with its contrib modules; PGlite loads it in openDatabase.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A register number's beginning, written without spaces or hyphens (LIKE 'ABC12%').
CREATE INDEX booking_plate_prefix_idx
  ON booking ((replace(replace(upper(register_number), '-', ''), ' ', '')) text_pattern_ops);

-- Digits anywhere in the customer's phone number, stored normalised (LIKE '%4567%').
CREATE INDEX booking_customer_phone_trgm_idx
  ON booking USING gin (customer_phone gin_trgm_ops);

-- A part of the customer's name or e-mail address, any case (ILIKE '%virta%').
CREATE INDEX booking_customer_name_trgm_idx
  ON booking USING gin ((coalesce(customer->>'first_name', '') || ' ' || coalesce(customer->>'last_name', '') || ' '
                         || coalesce(customer->>'email', '')) gin_trgm_ops);
