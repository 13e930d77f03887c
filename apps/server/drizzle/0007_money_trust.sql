CREATE TABLE "order_money_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_money_events_amount_positive" CHECK ("order_money_events"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "authorised_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "captured_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_actions" ADD COLUMN "amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "released_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_money_events" ADD CONSTRAINT "order_money_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_money_events_order_idx" ON "order_money_events" USING btree ("order_id","at");--> statement-breakpoint
-- Hand-added (issue 12): rows written before money was checked are brought within the new rules
-- (a negative price, delta or fee becomes 0) and existing orders get their own money from their
-- status and payment mode, so the constraints below hold on an existing database.
UPDATE "offers" SET "price_amount" = 0 WHERE "price_amount" < 0;--> statement-breakpoint
UPDATE "offers" SET "sale_amount" = NULL WHERE "sale_amount" < 0;--> statement-breakpoint
UPDATE "offers" SET "quantity" = 0 WHERE "quantity" < 0;--> statement-breakpoint
UPDATE "menu_items" SET "price_amount" = 0 WHERE "price_amount" < 0;--> statement-breakpoint
UPDATE "services" SET "price_amount" = 0 WHERE "price_amount" < 0;--> statement-breakpoint
UPDATE "menu_items" SET "option_groups" = (
  SELECT jsonb_agg(jsonb_set(g, '{options}', (
    SELECT coalesce(jsonb_agg(CASE WHEN (o->'priceDelta'->>'amount')::numeric < 0
      THEN jsonb_set(o, '{priceDelta,amount}', '0') ELSE o END), '[]'::jsonb)
    FROM jsonb_array_elements(g->'options') o)))
  FROM jsonb_array_elements("option_groups") g)
WHERE jsonb_path_exists("option_groups", '$[*].options[*].priceDelta.amount ? (@ < 0)');--> statement-breakpoint
UPDATE "businesses" SET "delivery" = jsonb_set("delivery", '{fee,amount}', '0')
WHERE "delivery" IS NOT NULL AND ("delivery"->'fee'->>'amount')::numeric < 0;--> statement-breakpoint
UPDATE "businesses" SET "delivery" = jsonb_set("delivery", '{minimumOrder,amount}', '0')
WHERE "delivery" IS NOT NULL AND ("delivery"->'minimumOrder'->>'amount')::numeric < 0;--> statement-breakpoint
UPDATE "cart_items" SET "added_unit_amount" = 0 WHERE "added_unit_amount" < 0;--> statement-breakpoint
UPDATE "orders" o SET
  "authorised_amount" = greatest(o."total_amount", 0),
  "captured_amount" = CASE
    WHEN p."mode" = 'charge' OR o."status" IN ('completed', 'refunded') THEN greatest(o."total_amount", 0)
    ELSE 0 END,
  "released_amount" = CASE
    WHEN p."mode" = 'preauth' AND o."status" IN ('declined', 'cancelled', 'auto_cancelled', 'no_show')
    THEN greatest(o."total_amount", 0) ELSE 0 END,
  "refunded_amount" = CASE
    WHEN (p."mode" = 'charge' AND o."status" IN ('declined', 'cancelled', 'auto_cancelled', 'no_show', 'refunded'))
      OR (p."mode" = 'preauth' AND o."status" = 'refunded')
    THEN greatest(o."total_amount", 0) ELSE 0 END
FROM "payments" p
WHERE p."id" = o."payment_id" AND o."status" NOT IN ('awaiting_payment', 'payment_failed');--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_delivery_money_not_negative" CHECK ("businesses"."delivery" is null or (coalesce(("businesses"."delivery"->'fee'->>'amount')::numeric, 0) >= 0 and coalesce(("businesses"."delivery"->'minimumOrder'->>'amount')::numeric, 0) >= 0));--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_tax_rate_not_negative" CHECK ("businesses"."tax_rate_bps" >= 0);--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_price_not_negative" CHECK ("menu_items"."price_amount" >= 0);--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_option_deltas_not_negative" CHECK (not jsonb_path_exists("menu_items"."option_groups", '$[*].options[*].priceDelta.amount ? (@ < 0)'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_price_not_negative" CHECK ("offers"."price_amount" >= 0);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_sale_not_negative" CHECK ("offers"."sale_amount" is null or "offers"."sale_amount" >= 0);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_quantity_not_negative" CHECK ("offers"."quantity" >= 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_price_not_negative" CHECK ("services"."price_amount" >= 0);--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_added_unit_not_negative" CHECK ("cart_items"."added_unit_amount" >= 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_percent_at_most_all" CHECK ("coupons"."kind" <> 'percent' or "coupons"."value" <= 10000);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_minimum_spend_not_negative" CHECK ("coupons"."minimum_spend_amount" >= 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_amounts_not_negative" CHECK ("order_items"."quantity" > 0 and "order_items"."unit_amount" >= 0 and "order_items"."regular_unit_amount" >= 0 and "order_items"."line_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."subtotal_amount" >= 0 and "orders"."discount_amount" >= 0 and "orders"."delivery_fee_amount" >= 0 and "orders"."tax_amount" >= 0 and "orders"."total_amount" >= 0 and "orders"."tax_rate_bps" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_subtotal" CHECK ("orders"."discount_amount" <= "orders"."subtotal_amount");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_settled_within_hold" CHECK ("orders"."authorised_amount" >= 0 and "orders"."captured_amount" >= 0 and "orders"."released_amount" >= 0 and "orders"."captured_amount" + "orders"."released_amount" <= "orders"."authorised_amount");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_captured" CHECK ("orders"."refunded_amount" >= 0 and "orders"."refunded_amount" <= "orders"."captured_amount");--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_amount_not_negative" CHECK ("payment_actions"."amount" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_settled_within_amount" CHECK ("payments"."captured_amount" >= 0 and "payments"."released_amount" >= 0 and "payments"."captured_amount" + "payments"."released_amount" <= "payments"."amount");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_captured" CHECK ("payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."captured_amount");--> statement-breakpoint
ALTER TABLE "price_match_requests" ADD CONSTRAINT "price_match_requests_amount_not_negative" CHECK ("price_match_requests"."competitor_amount" >= 0);