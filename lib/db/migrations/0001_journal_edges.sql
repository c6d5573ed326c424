ALTER TABLE "card_orders" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "final" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "till_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "paid_not_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "late_outcome" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "slip_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "raw_answers" jsonb;--> statement-breakpoint
CREATE INDEX "card_orders_next_check_idx" ON "card_orders" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "sales_user_created_idx" ON "sales" USING btree ("user_id","created_at");