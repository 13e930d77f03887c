CREATE TABLE "inventory_import_batches" (
	"import_id" uuid NOT NULL,
	"batch_no" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "inventory_import_batches_import_id_batch_no_pk" PRIMARY KEY("import_id","batch_no"),
	CONSTRAINT "inventory_import_batches_batch_no_not_negative" CHECK ("inventory_import_batches"."batch_no" >= 0),
	CONSTRAINT "inventory_import_batches_row_count_positive" CHECK ("inventory_import_batches"."row_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_import_offers" (
	"import_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "inventory_import_offers_import_id_offer_id_pk" PRIMARY KEY("import_id","offer_id")
);
--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD COLUMN "rows_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "inventory_import_batches" ADD CONSTRAINT "inventory_import_batches_import_id_inventory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."inventory_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_import_offers" ADD CONSTRAINT "inventory_import_offers_import_id_inventory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."inventory_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_status_known" CHECK ("inventory_imports"."status" in ('queued', 'running', 'done', 'failed'));--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_rows_done_in_range" CHECK ("inventory_imports"."rows_done" >= 0 and "inventory_imports"."rows_done" <= "inventory_imports"."rows_total");--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_counts_not_negative" CHECK ("inventory_imports"."rows_changed" >= 0 and "inventory_imports"."rows_unchanged" >= 0 and "inventory_imports"."rows_failed" >= 0
        and "inventory_imports"."offers_zeroed" >= 0 and "inventory_imports"."duration_ms" >= 0);--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_finished_when_done" CHECK (("inventory_imports"."status" in ('done', 'failed')) = ("inventory_imports"."finished_at" is not null));