ALTER TABLE "tills" ADD COLUMN "printer_connection" text DEFAULT 'browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "tills" ADD COLUMN "printer_host" text;--> statement-breakpoint
ALTER TABLE "tills" ADD COLUMN "printer_port" integer;