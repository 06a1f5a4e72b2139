ALTER TABLE "order_extras" DROP CONSTRAINT "order_extras_status";--> statement-breakpoint
ALTER TABLE "order_extras" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_extras" ADD CONSTRAINT "order_extras_status" CHECK ("order_extras"."status" in ('proposed', 'accepted', 'paid', 'rejected', 'expired'));