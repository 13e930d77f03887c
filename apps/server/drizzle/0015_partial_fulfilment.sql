CREATE TABLE "order_substitutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"offer_id" uuid,
	"title" text NOT NULL,
	"image" jsonb,
	"quantity" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"line_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"decided_by" text,
	"proposed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"substitute_item_id" uuid,
	CONSTRAINT "order_substitutions_amounts" CHECK ("order_substitutions"."quantity" > 0 and "order_substitutions"."unit_amount" >= 0 and "order_substitutions"."line_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shopper_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"substitution" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "substitution" text DEFAULT 'best_match' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitution" text DEFAULT 'best_match' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "removed_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_for_item_id" uuid;--> statement-breakpoint
ALTER TABLE "order_substitutions" ADD CONSTRAINT "order_substitutions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_substitutions" ADD CONSTRAINT "order_substitutions_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_substitutions" ADD CONSTRAINT "order_substitutions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_substitutions" ADD CONSTRAINT "order_substitutions_substitute_item_id_order_items_id_fk" FOREIGN KEY ("substitute_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_preferences" ADD CONSTRAINT "shopper_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_substitutions_order_idx" ON "order_substitutions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_substitutions_item_key" ON "order_substitutions" USING btree ("order_item_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_removed_within_quantity" CHECK ("order_items"."removed_quantity" >= 0 and "order_items"."removed_quantity" <= "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" IN ('order_accepted', 'order_declined', 'order_ready', 'order_out_for_delivery', 'order_completed', 'order_cancelled', 'order_auto_cancelled', 'order_refunded', 'price_match_decided', 'order_changed'));