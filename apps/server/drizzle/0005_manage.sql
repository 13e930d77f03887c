CREATE TABLE "business_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_members" (
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_members_business_id_user_id_pk" PRIMARY KEY("business_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"source" text NOT NULL,
	"mode" text NOT NULL,
	"format" text NOT NULL,
	"filename" text NOT NULL,
	"file_sha256" text NOT NULL,
	"uploaded_by" uuid,
	"api_key_id" uuid,
	"rows_total" integer NOT NULL,
	"rows_changed" integer NOT NULL,
	"rows_unchanged" integer NOT NULL,
	"rows_failed" integer NOT NULL,
	"offers_zeroed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "store_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "store_code" text;--> statement-breakpoint
UPDATE "businesses" SET "store_code" = "slug";--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "store_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pickup_method" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pickup_sla" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "out_of_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_api_key_id_store_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."store_api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_api_keys" ADD CONSTRAINT "store_api_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_api_keys" ADD CONSTRAINT "store_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_documents_business_idx" ON "business_documents" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "business_members_user_idx" ON "business_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inventory_imports_business_idx" ON "inventory_imports" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "store_api_keys_business_idx" ON "store_api_keys" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_status_idx" ON "businesses" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_business_sku_key" ON "offers" USING btree ("business_id","sku") WHERE "offers"."sku" is not null;--> statement-breakpoint
CREATE INDEX "orders_response_due_idx" ON "orders" USING btree ("response_due_at") WHERE "orders"."status" = 'placed';--> statement-breakpoint
CREATE INDEX "orders_next_reminder_idx" ON "orders" USING btree ("next_reminder_at") WHERE "orders"."status" = 'placed';--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_store_code_unique" UNIQUE("store_code");