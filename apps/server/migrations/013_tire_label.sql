-- The EU tyre label (Regulation (EU) 2020/740) of a tire: rolling resistance and wet grip
-- classes A–E, external rolling noise in dB and its class A–C. NULL where the catalogue
-- has no label (studded tires are outside the regulation).
ALTER TABLE tire
  ADD COLUMN rolling_resistance_class text CHECK (rolling_resistance_class IN ('A', 'B', 'C', 'D', 'E')),
  ADD COLUMN wet_grip_class text CHECK (wet_grip_class IN ('A', 'B', 'C', 'D', 'E')),
  ADD COLUMN noise_db integer CHECK (noise_db BETWEEN 50 AND 90),
  ADD COLUMN noise_class text CHECK (noise_class IN ('A', 'B', 'C'));
