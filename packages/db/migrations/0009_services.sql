CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sender" varchar(8) NOT NULL,
	"user_id" integer,
	"staff_id" integer,
	"admin_id" integer,
	"body" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"order_id" integer NOT NULL,
	"reader" varchar(24) NOT NULL,
	"last_read_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_requests" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"problem" text NOT NULL,
	"place" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"location" jsonb NOT NULL,
	"arrival_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer,
	"status" varchar(12) DEFAULT 'proposed' NOT NULL,
	"payment_method" varchar(12),
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"reject_reason" text,
	"payment_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_extras_status" CHECK ("order_extras"."status" in ('proposed', 'accepted', 'paid', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "service_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name_ar" varchar(150) NOT NULL,
	"name_en" varchar(150) NOT NULL,
	"price" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "service_items_kind" CHECK ("service_items"."kind" in ('spare_part', 'extra_service')),
	CONSTRAINT "service_items_price" CHECK ("service_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staff_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_ratings_stars" CHECK ("staff_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "visit_reports" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photos_before" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photos_after" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"readings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "extra_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "extra_id" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_extras" ADD CONSTRAINT "order_extras_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_extras" ADD CONSTRAINT "order_extras_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_ratings" ADD CONSTRAINT "staff_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_ratings" ADD CONSTRAINT "staff_ratings_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_ratings" ADD CONSTRAINT "staff_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_reports" ADD CONSTRAINT "visit_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_reports" ADD CONSTRAINT "visit_reports_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_order_idx" ON "chat_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reads_unique" ON "chat_reads" USING btree ("order_id","reader");--> statement-breakpoint
CREATE INDEX "maintenance_requests_scheduled_idx" ON "maintenance_requests" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "order_extras_order_idx" ON "order_extras" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "service_items_kind_idx" ON "service_items" USING btree ("kind","is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_ratings_order_unique" ON "staff_ratings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "staff_ratings_staff_idx" ON "staff_ratings" USING btree ("staff_id","created_at");