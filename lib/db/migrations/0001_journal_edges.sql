CREATE TABLE "cash_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"till_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_receipts" (
	"sale_id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_days" (
	"day" text PRIMARY KEY NOT NULL,
	"ledger" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "till_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"till_id" text NOT NULL,
	"enrolled_by" uuid NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
CREATE TABLE "vas_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"quote" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "shifts_one_open_per_till";--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "final" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "till_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "paid_not_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "late_outcome" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "slip_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "raw_answers" jsonb;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "force_close_reason" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_receipts" ADD CONSTRAINT "kiosk_receipts_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_devices" ADD CONSTRAINT "till_devices_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_devices" ADD CONSTRAINT "till_devices_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_devices" ADD CONSTRAINT "till_devices_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vas_quotes" ADD CONSTRAINT "vas_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_shift_idx" ON "cash_movements" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "till_devices_till_idx" ON "till_devices" USING btree ("till_id");--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_device_id_till_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."till_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_orders_next_check_idx" ON "card_orders" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "sales_user_created_idx" ON "sales" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_per_cashier_till" ON "shifts" USING btree ("till_id","user_id") WHERE "shifts"."closed_at" is null;