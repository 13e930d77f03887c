-- Issue 18: a text query's price sort reads its candidates in bound order from a stored list,
-- instead of looking up and sorting the bounds of every match on every page ("milk": 6,112
-- lookups and a sort, ~17 ms of a 25-50 ms request at bench scale). See ADR 0027.
--
-- Each bounds row is stamped with the transaction that last wrote it. A stored order is the
-- ranking's matches sorted by their bounds as one snapshot saw them, kept with that snapshot: a
-- row written by a transaction the snapshot does not see has a stamp at or past the snapshot's
-- xmin, so the reader patches the stored order with the rows stamped since (an index range) and
-- never walks a stale bound. Rows older than this migration carry stamp 0: every snapshot sees them.
ALTER TABLE product_price_bounds ADD COLUMN changed_xact xid8 NOT NULL DEFAULT '0';
--> statement-breakpoint
ALTER TABLE product_price_bounds ALTER COLUMN changed_xact SET DEFAULT pg_current_xact_id();
--> statement-breakpoint
CREATE INDEX product_price_bounds_changed_idx ON product_price_bounds (changed_xact);
--> statement-breakpoint
-- As migration 0027's, with every write of a bound stamping the row (an insert takes the default).
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
    SET floor_price = bounds.floor_price, ceiling_price = bounds.ceiling_price,
      changed_xact = pg_current_xact_id()
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
    ceiling_price = greatest(b.ceiling_price, excluded.ceiling_price),
    changed_xact = pg_current_xact_id();
  -- A product whose last offer went has no bounds (it cannot be listed). A stored order may still
  -- name it: the walk finds no passing offer and skips it.
  DELETE FROM product_price_bounds b WHERE b.product_id = ANY(locked)
    AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.product_id = b.product_id);
END $$;
--> statement-breakpoint
-- A cache, like search_rankings: unlogged. One row per tsquery and direction: the ranking's matches
-- (at `version`) in bound order (floor ascending, or ceiling descending; then id), with the snapshot
-- the bounds were read in.
CREATE UNLOGGED TABLE search_price_orders (
  query text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('asc', 'desc')),
  version bigint NOT NULL,
  bounds_snapshot pg_snapshot NOT NULL,
  ids uuid[] NOT NULL,
  bounds integer[] NOT NULL,
  PRIMARY KEY (query, direction)
);
