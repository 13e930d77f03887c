CREATE TABLE "deal_alert_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekly_digest" boolean DEFAULT false NOT NULL,
	"last_digest_week" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_offer_states" (
	"offer_id" uuid NOT NULL,
	"price_amount" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_offer_states_offer_id_pk" PRIMARY KEY("offer_id")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"business_id" uuid,
	"product_id" uuid,
	"menu_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_kind_known" CHECK ("favourites"."kind" IN ('store', 'product', 'dish')),
	CONSTRAINT "favourites_one_target" CHECK (("favourites"."kind" = 'store' AND "favourites"."business_id" IS NOT NULL AND "favourites"."product_id" IS NULL AND "favourites"."menu_item_id" IS NULL)
        OR ("favourites"."kind" = 'product' AND "favourites"."product_id" IS NOT NULL AND "favourites"."business_id" IS NULL AND "favourites"."menu_item_id" IS NULL)
        OR ("favourites"."kind" = 'dish' AND "favourites"."menu_item_id" IS NOT NULL AND "favourites"."business_id" IS NULL AND "favourites"."product_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "shopping_list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"product_id" uuid,
	"menu_item_id" uuid,
	"flyer_item_id" uuid,
	"quantity" integer DEFAULT 1 NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopping_list_items_source_known" CHECK ("shopping_list_items"."source" IN ('product', 'dish', 'flyer')),
	CONSTRAINT "shopping_list_items_quantity" CHECK ("shopping_list_items"."quantity" BETWEEN 1 AND 99),
	CONSTRAINT "shopping_list_items_title" CHECK (length("shopping_list_items"."title") > 0)
);
--> statement-breakpoint
CREATE TABLE "business_answer_times" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"median_minutes" double precision NOT NULL,
	"sample_size" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_aggregates" (
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"star_total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_aggregates_subject_kind_subject_id_pk" PRIMARY KEY("subject_kind","subject_id"),
	CONSTRAINT "review_aggregates_not_negative" CHECK ("review_aggregates"."review_count" >= 0 and "review_aggregates"."star_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"order_id" uuid,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_title" text NOT NULL,
	"stars" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"photo_media_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"reply_text" text,
	"reply_at" timestamp with time zone,
	"reply_user_id" uuid,
	"removed_at" timestamp with time zone,
	"removed_reason" text,
	"removed_by" uuid,
	CONSTRAINT "reviews_stars_range" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_subject_kind" CHECK ("reviews"."subject_kind" in ('store', 'product', 'menu_item', 'service')),
	CONSTRAINT "reviews_reply_whole" CHECK (("reviews"."reply_text" is null) = ("reviews"."reply_at" is null)),
	CONSTRAINT "reviews_removal_whole" CHECK (("reviews"."removed_at" is null) = ("reviews"."removed_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "gtin" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "content_status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "owner_business_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_alert_settings" ADD CONSTRAINT "deal_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_offer_states" ADD CONSTRAINT "deal_offer_states_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_flyer_item_id_flyer_items_id_fk" FOREIGN KEY ("flyer_item_id") REFERENCES "public"."flyer_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_answer_times" ADD CONSTRAINT "business_answer_times_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_photo_media_id_media_id_fk" FOREIGN KEY ("photo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_user_id_users_id_fk" FOREIGN KEY ("reply_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_store_key" ON "favourites" USING btree ("user_id","business_id") WHERE "favourites"."kind" = 'store';--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_product_key" ON "favourites" USING btree ("user_id","product_id") WHERE "favourites"."kind" = 'product';--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_dish_key" ON "favourites" USING btree ("user_id","menu_item_id") WHERE "favourites"."kind" = 'dish';--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id") WHERE "favourites"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "favourites_business_idx" ON "favourites" USING btree ("business_id") WHERE "favourites"."business_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shopping_list_items_user_idx" ON "shopping_list_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shopping_list_items_product_idx" ON "shopping_list_items" USING btree ("product_id") WHERE "shopping_list_items"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_author_subject_key" ON "reviews" USING btree ("user_id","subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_kind","subject_id","created_at","id") WHERE "reviews"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_business_idx" ON "reviews" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owner_business_id_businesses_id_fk" FOREIGN KEY ("owner_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_owner_business_idx" ON "products" USING btree ("owner_business_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_content_status_known" CHECK ("products"."content_status" in ('store', 'confirmed'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_own_product_has_store" CHECK ("products"."gtin" is not null or "products"."owner_business_id" is not null);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" IN ('order_accepted', 'order_declined', 'order_ready', 'order_out_for_delivery', 'order_completed', 'order_cancelled', 'order_auto_cancelled', 'order_refunded', 'price_match_decided', 'order_changed', 'deal_price_drop', 'deal_back_in_stock', 'deal_new_flyer'));