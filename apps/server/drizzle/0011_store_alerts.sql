CREATE TABLE "store_alert_preferences" (
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_placed" boolean DEFAULT true NOT NULL,
	"order_auto_cancelled" boolean DEFAULT true NOT NULL,
	"order_deadline_soon" boolean DEFAULT true NOT NULL,
	"price_match_requested" boolean DEFAULT true NOT NULL,
	"message_received" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_alert_preferences_business_id_user_id_pk" PRIMARY KEY("business_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deadline_warning_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_alert_preferences" ADD CONSTRAINT "store_alert_preferences_member_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."business_members"("business_id","user_id") ON DELETE cascade ON UPDATE no action;