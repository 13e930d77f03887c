CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_audience_id_idx" ON "live_events" USING btree ("audience","id");--> statement-breakpoint
CREATE INDEX "live_events_created_at_idx" ON "live_events" USING btree ("created_at");