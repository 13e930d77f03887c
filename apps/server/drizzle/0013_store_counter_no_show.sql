ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "no_show_hold_minutes" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;