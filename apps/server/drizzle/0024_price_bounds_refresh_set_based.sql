-- Issue 18, ADR 0024: refresh_product_price_bounds without a per-row `= ANY(locked)`: that test ran
-- once per conflicting row over an array of every locked product, so a statement changing 100,000
-- offers' prices spent seconds scanning arrays (14.6 s against 4.1 s without the trigger, measured at
-- bench scale). The rows that existed (and are locked) are updated from the offers; the products
-- without a row are inserted, widening a row a concurrent writer inserted first. One statement, one
-- snapshot taken after the locks: the same rule as migration 0023.
CREATE OR REPLACE FUNCTION refresh_product_price_bounds(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  locked uuid[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  locked := array(SELECT product_id FROM product_price_bounds WHERE product_id = ANY(ids)
    ORDER BY product_id FOR UPDATE);
  WITH bounds AS (
    SELECT o.product_id,
      min(least(o.price_amount, coalesce(o.sale_amount, o.price_amount))) AS floor_price,
      max(greatest(o.price_amount, coalesce(o.sale_amount, o.price_amount))) AS ceiling_price
    FROM offers o
    WHERE o.product_id = ANY(ids)
    GROUP BY o.product_id
  ), updated AS (
    UPDATE product_price_bounds b
    SET floor_price = bounds.floor_price, ceiling_price = bounds.ceiling_price
    FROM bounds
    WHERE b.product_id = bounds.product_id
      AND (b.floor_price, b.ceiling_price)
        IS DISTINCT FROM (bounds.floor_price, bounds.ceiling_price)
    RETURNING b.product_id
  )
  INSERT INTO product_price_bounds AS b (product_id, floor_price, ceiling_price)
    SELECT bounds.product_id, bounds.floor_price, bounds.ceiling_price FROM bounds
    WHERE NOT EXISTS (
      SELECT 1 FROM product_price_bounds x WHERE x.product_id = bounds.product_id)
  ON CONFLICT (product_id) DO UPDATE SET
    floor_price = least(b.floor_price, excluded.floor_price),
    ceiling_price = greatest(b.ceiling_price, excluded.ceiling_price);
  -- A product whose last offer went has no bounds (it cannot be listed).
  DELETE FROM product_price_bounds b WHERE b.product_id = ANY(locked)
    AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.product_id = b.product_id);
END $$;
