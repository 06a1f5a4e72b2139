ALTER TABLE "cancel_reasons" ADD COLUMN "use" varchar(8) DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "reason_id" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_reason_id_cancel_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."cancel_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The history kept the reason's Arabic title as its note: keep the reason's id instead, shown in the reader's language.
UPDATE "order_events" e SET "reason_id" = o."cancel_reason_id", "note" = NULL
FROM "orders" o JOIN "cancel_reasons" r ON r."id" = o."cancel_reason_id"
WHERE e."order_id" = o."id" AND e."to_status" IN ('cancelled', 'refused') AND e."note" = r."title_ar";
