CREATE TABLE "inventory_feed_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"column_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flyer_item_promos" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flyer_item_promos_amount_not_negative" CHECK ("flyer_item_promos"."amount" >= 0),
	CONSTRAINT "flyer_item_promos_window" CHECK ("flyer_item_promos"."ends_at" > "flyer_item_promos"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "inventory_feed_settings" ADD CONSTRAINT "inventory_feed_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flyer_item_promos" ADD CONSTRAINT "flyer_item_promos_item_id_flyer_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."flyer_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flyer_item_promos" ADD CONSTRAINT "flyer_item_promos_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flyer_item_promos_offer_idx" ON "flyer_item_promos" USING btree ("offer_id");