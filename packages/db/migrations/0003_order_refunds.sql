ALTER TABLE "orders" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" varchar(12);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_refund_idx" ON "orders" USING btree ("refund_status") WHERE "orders"."refund_status" in ('pending', 'processing');