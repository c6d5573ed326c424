CREATE TABLE "balance_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"balance_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"meter_number" text NOT NULL,
	"code" text NOT NULL,
	"outcome" text NOT NULL,
	"user_id" uuid NOT NULL,
	"till_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"municipality" text,
	"product_id" text,
	"category" text,
	"basis_points" integer DEFAULT 0 NOT NULL,
	"fixed_cents" integer DEFAULT 0 NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "commission_statements" (
	"month" text PRIMARY KEY NOT NULL,
	"stated_cents" integer NOT NULL,
	"entered_by" uuid,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "owner_notices" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"till_id" text NOT NULL,
	"subject" text NOT NULL,
	"connection" text NOT NULL,
	"prints_slip" boolean NOT NULL,
	"drawer" boolean NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "record_chain" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"canonical" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"signature" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_chain_audit_id_unique" UNIQUE("audit_id")
);
--> statement-breakpoint
CREATE TABLE "record_checkpoints" (
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"body" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "record_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"max_audit_id" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"day" text NOT NULL,
	"totals" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_objects" (
	"object" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"total" text,
	"cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_commissions" (
	"sale_id" uuid PRIMARY KEY NOT NULL,
	"cents" integer NOT NULL,
	"rate_id" uuid,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_totp" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"masked_address" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_id" text,
	"error" text,
	"user_id" uuid NOT NULL,
	"till_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tills" ADD COLUMN "printer_answers_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "care_cases" ADD CONSTRAINT "care_cases_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_cases" ADD CONSTRAINT "care_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_commissions" ADD CONSTRAINT "sale_commissions_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_commissions" ADD CONSTRAINT "sale_commissions_rate_id_commission_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."commission_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_totp" ADD CONSTRAINT "staff_totp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_sends" ADD CONSTRAINT "token_sends_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_sends" ADD CONSTRAINT "token_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_readings_at_idx" ON "balance_readings" USING btree ("at");--> statement-breakpoint
CREATE INDEX "care_cases_meter_idx" ON "care_cases" USING btree ("meter_number");--> statement-breakpoint
CREATE INDEX "care_cases_at_idx" ON "care_cases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "commission_rates_kind_idx" ON "commission_rates" USING btree ("kind","effective_from");--> statement-breakpoint
CREATE INDEX "mail_outbox_next_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "record_checkpoints_kind_label" ON "record_checkpoints" USING btree ("kind","label");--> statement-breakpoint
CREATE INDEX "token_sends_sale_idx" ON "token_sends" USING btree ("sale_id");