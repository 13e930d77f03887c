CREATE TABLE "product_price_bounds" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"floor_price" integer NOT NULL,
	"ceiling_price" integer NOT NULL,
	CONSTRAINT "product_price_bounds_ordered" CHECK ("product_price_bounds"."floor_price" <= "product_price_bounds"."ceiling_price")
);
--> statement-breakpoint
ALTER TABLE "product_price_bounds" ADD CONSTRAINT "product_price_bounds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_bounds_floor_idx" ON "product_price_bounds" USING btree ("floor_price","product_id");--> statement-breakpoint
CREATE INDEX "product_price_bounds_ceiling_idx" ON "product_price_bounds" USING btree ("ceiling_price" DESC NULLS LAST,"product_id");--> statement-breakpoint
-- Issue 18, ADR 0024: keep product_price_bounds on every offer write. The bounds of a product are
-- recomputed from all its offers (a few per product) for the products a statement touched, once per
-- statement (transition tables), so a feed of 100,000 rows costs one grouped read, not 100,000.
CREATE OR REPLACE FUNCTION refresh_product_price_bounds(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  locked uuid[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  -- Lock the existing rows first, in product order (two writers never wait on each other in a
  -- circle); the next statement's snapshot then sees every offer a concurrent writer of the same
  -- product committed, so the recomputed bounds are exact. A product's first row has nothing to
  -- lock: when another writer inserts it first, the conflict below widens it with this statement's
  -- values, which keeps it a bound of both writers' offers.
  locked := array(SELECT product_id FROM product_price_bounds WHERE product_id = ANY(ids)
    ORDER BY product_id FOR UPDATE);
  INSERT INTO product_price_bounds AS b (product_id, floor_price, ceiling_price)
    SELECT o.product_id,
      min(least(o.price_amount, coalesce(o.sale_amount, o.price_amount))),
      max(greatest(o.price_amount, coalesce(o.sale_amount, o.price_amount)))
    FROM offers o
    WHERE o.product_id = ANY(ids)
    GROUP BY o.product_id
  ON CONFLICT (product_id) DO UPDATE SET
    floor_price = CASE WHEN b.product_id = ANY(locked) THEN excluded.floor_price
      ELSE least(b.floor_price, excluded.floor_price) END,
    ceiling_price = CASE WHEN b.product_id = ANY(locked) THEN excluded.ceiling_price
      ELSE greatest(b.ceiling_price, excluded.ceiling_price) END
  WHERE (b.floor_price, b.ceiling_price)
    IS DISTINCT FROM (excluded.floor_price, excluded.ceiling_price);
  -- A product whose last offer went has no bounds (it cannot be listed).
  DELETE FROM product_price_bounds b WHERE b.product_id = ANY(locked)
    AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.product_id = b.product_id);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION offers_price_bounds_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_price_bounds(array(SELECT DISTINCT product_id FROM new_offers));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION offers_price_bounds_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_price_bounds(array(SELECT DISTINCT product_id FROM old_offers));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only rows whose amounts or product changed: a stock change (every checkout) reads nothing more.
CREATE OR REPLACE FUNCTION offers_price_bounds_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_price_bounds(array(
    SELECT DISTINCT changed.product_id
    FROM new_offers n
    JOIN old_offers o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.product_id), (o.product_id)) AS changed(product_id)
    WHERE (n.price_amount, n.sale_amount, n.product_id)
      IS DISTINCT FROM (o.price_amount, o.sale_amount, o.product_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER offers_price_bounds_insert AFTER INSERT ON offers
  REFERENCING NEW TABLE AS new_offers
  FOR EACH STATEMENT EXECUTE FUNCTION offers_price_bounds_inserted();--> statement-breakpoint
CREATE TRIGGER offers_price_bounds_update AFTER UPDATE ON offers
  REFERENCING OLD TABLE AS old_offers NEW TABLE AS new_offers
  FOR EACH STATEMENT EXECUTE FUNCTION offers_price_bounds_updated();--> statement-breakpoint
CREATE TRIGGER offers_price_bounds_delete AFTER DELETE ON offers
  REFERENCING OLD TABLE AS old_offers
  FOR EACH STATEMENT EXECUTE FUNCTION offers_price_bounds_deleted();--> statement-breakpoint
-- TRUNCATE fires no row triggers: the bounds go with the offers.
CREATE OR REPLACE FUNCTION offers_price_bounds_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_price_bounds;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER offers_price_bounds_truncate AFTER TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION offers_price_bounds_truncated();--> statement-breakpoint
-- The offers that exist already.
INSERT INTO product_price_bounds (product_id, floor_price, ceiling_price)
  SELECT product_id,
    min(least(price_amount, coalesce(sale_amount, price_amount))),
    max(greatest(price_amount, coalesce(sale_amount, price_amount)))
  FROM offers GROUP BY product_id;
