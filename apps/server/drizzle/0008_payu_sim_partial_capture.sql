ALTER TABLE "payu_sim_transactions" ADD COLUMN "captured_amount" text DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "payu_sim_transactions" ADD COLUMN "capture_tokens" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Hand-added: holds captured whole before partial captures existed read as captured in full.
UPDATE "payu_sim_transactions" SET "captured_amount" = "amount" WHERE "pre_authorize" AND "status" IN ('captured', 'refunded');
