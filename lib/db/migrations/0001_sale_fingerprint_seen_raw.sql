ALTER TABLE "sales" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "slip_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "raw_answers" jsonb;--> statement-breakpoint
CREATE INDEX "sales_user_created_idx" ON "sales" USING btree ("user_id","created_at");