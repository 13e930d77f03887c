CREATE TABLE "inventory_feed_fetches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" uuid,
	"url" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"import_id" uuid,
	"bytes" integer,
	"new_items" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"out_of_stock" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"message" text,
	CONSTRAINT "inventory_feed_fetches_status_known" CHECK ("inventory_feed_fetches"."status" in ('queued', 'running', 'applied', 'failed', 'held')),
	CONSTRAINT "inventory_feed_fetches_finished_when_done" CHECK (("inventory_feed_fetches"."status" in ('applied', 'failed', 'held')) = ("inventory_feed_fetches"."finished_at" is not null)),
	CONSTRAINT "inventory_feed_fetches_counts_not_negative" CHECK ("inventory_feed_fetches"."new_items" >= 0 and "inventory_feed_fetches"."updated" >= 0 and "inventory_feed_fetches"."out_of_stock" >= 0
        and "inventory_feed_fetches"."errors" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_feed_schedules" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"schedule" text DEFAULT 'off' NOT NULL,
	"mode" text DEFAULT 'incremental' NOT NULL,
	"full_confirmed_by" uuid,
	"full_confirmed_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_feed_schedules_schedule_known" CHECK ("inventory_feed_schedules"."schedule" in ('off', 'hourly', 'daily')),
	CONSTRAINT "inventory_feed_schedules_mode_known" CHECK ("inventory_feed_schedules"."mode" in ('incremental', 'full')),
	CONSTRAINT "inventory_feed_schedules_due_when_on" CHECK (("inventory_feed_schedules"."schedule" = 'off') = ("inventory_feed_schedules"."next_fetch_at" is null))
);
--> statement-breakpoint
ALTER TABLE "inventory_feed_fetches" ADD CONSTRAINT "inventory_feed_fetches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_feed_fetches" ADD CONSTRAINT "inventory_feed_fetches_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_feed_fetches" ADD CONSTRAINT "inventory_feed_fetches_import_id_inventory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."inventory_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_feed_schedules" ADD CONSTRAINT "inventory_feed_schedules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_feed_schedules" ADD CONSTRAINT "inventory_feed_schedules_full_confirmed_by_users_id_fk" FOREIGN KEY ("full_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_feed_schedules" ADD CONSTRAINT "inventory_feed_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_feed_fetches_business_idx" ON "inventory_feed_fetches" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_feed_schedules_due_idx" ON "inventory_feed_schedules" USING btree ("next_fetch_at");