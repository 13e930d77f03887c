ALTER TABLE "products" ADD COLUMN "variant_of" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_of_products_id_fk" FOREIGN KEY ("variant_of") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_variant_of_idx" ON "products" USING btree ("variant_of");--> statement-breakpoint
CREATE UNIQUE INDEX "products_variant_label_key" ON "products" USING btree (coalesce("variant_of", "id"),lower("variant_label")) WHERE "products"."variant_label" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_is_own" CHECK ("products"."variant_of" is null or ("products"."gtin" is null and "products"."owner_business_id" is not null and "products"."variant_label" is not null));