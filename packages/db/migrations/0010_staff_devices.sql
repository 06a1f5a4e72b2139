ALTER TABLE "devices" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "lang" varchar(2) DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "service_item_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_staff_idx" ON "devices" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_one_owner" CHECK ("devices"."user_id" is null or "devices"."staff_id" is null);