CREATE TABLE "brand_partner_members" (
	"brand_partner_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'owner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_partner_members_brand_partner_id_user_id_pk" PRIMARY KEY("brand_partner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "brand_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"brands" text[] DEFAULT '{}'::text[] NOT NULL,
	"gtin_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"applied_by" uuid,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_partners_status_known" CHECK ("brand_partners"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_partner_id" uuid;--> statement-breakpoint
ALTER TABLE "brand_partner_members" ADD CONSTRAINT "brand_partner_members_brand_partner_id_brand_partners_id_fk" FOREIGN KEY ("brand_partner_id") REFERENCES "public"."brand_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_partner_members" ADD CONSTRAINT "brand_partner_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_partners" ADD CONSTRAINT "brand_partners_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_partners" ADD CONSTRAINT "brand_partners_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_partner_members_user_idx" ON "brand_partner_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "brand_partners_status_idx" ON "brand_partners" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_partner_id_brand_partners_id_fk" FOREIGN KEY ("brand_partner_id") REFERENCES "public"."brand_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_brand_partner_idx" ON "products" USING btree ("brand_partner_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_content_confirmed" CHECK ("products"."brand_partner_id" is null or "products"."content_status" = 'confirmed');