ALTER TABLE "order_items" ADD COLUMN "unit_price_with_vat" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "installation_with_vat" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_with_vat" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_with_vat" integer;