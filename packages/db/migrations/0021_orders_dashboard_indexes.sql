CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;