-- Issue 18: an aisle's price sort reads its products in price order from an index, instead of
-- finding every product of the aisle and looking up each one's bounds ("cheese" by price: 5,218
-- lookups and a sort, ~60 ms at bench scale). Each bounds row carries its product's category, kept
-- by the refresh (new rows) and by a trigger on products (a product moved to another aisle); the
-- two indexes are walked per category of the asked subtree and merged (product-price-walk.ts).
ALTER TABLE product_price_bounds ADD COLUMN category_id uuid;
--> statement-breakpoint
UPDATE product_price_bounds b SET category_id = p.category_id FROM products p WHERE p.id = b.product_id;
--> statement-breakpoint
ALTER TABLE product_price_bounds ALTER COLUMN category_id SET NOT NULL;
--> statement-breakpoint
CREATE INDEX product_price_bounds_category_floor_idx
  ON product_price_bounds (category_id, floor_price, product_id);
--> statement-breakpoint
CREATE INDEX product_price_bounds_category_ceiling_idx
  ON product_price_bounds (category_id, ceiling_price DESC NULLS LAST, product_id);
--> statement-breakpoint
-- As migration 0024's, with the category of a product's new row read from the product.
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
  INSERT INTO product_price_bounds AS b (product_id, floor_price, ceiling_price, category_id)
    SELECT bounds.product_id, bounds.floor_price, bounds.ceiling_price, p.category_id
    FROM bounds
    INNER JOIN products p ON p.id = bounds.product_id
    WHERE NOT EXISTS (
      SELECT 1 FROM product_price_bounds x WHERE x.product_id = bounds.product_id)
  ON CONFLICT (product_id) DO UPDATE SET
    floor_price = least(b.floor_price, excluded.floor_price),
    ceiling_price = greatest(b.ceiling_price, excluded.ceiling_price);
  -- A product whose last offer went has no bounds (it cannot be listed).
  DELETE FROM product_price_bounds b WHERE b.product_id = ANY(locked)
    AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.product_id = b.product_id);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_price_bounds_category() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_price_bounds SET category_id = NEW.category_id WHERE product_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_price_bounds_category AFTER UPDATE OF category_id ON products
  FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION products_price_bounds_category();
