CREATE TABLE "package_subscriptions" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"name_ar" varchar(150) NOT NULL,
	"name_en" varchar(150) NOT NULL,
	"visits" smallint NOT NULL,
	"validity_days" smallint NOT NULL,
	"price" integer NOT NULL,
	"location" jsonb NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"period" smallint DEFAULT 1 NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"renewal_reminded_at" timestamp with time zone,
	"expiry_notice_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" varchar(150) NOT NULL,
	"name_en" varchar(150) NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"features_ar" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features_en" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" text,
	"price" integer NOT NULL,
	"visits" smallint NOT NULL,
	"validity_days" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "packages_price" CHECK ("packages"."price" >= 0),
	CONSTRAINT "packages_visits" CHECK ("packages"."visits" between 1 and 52),
	CONSTRAINT "packages_validity" CHECK ("packages"."validity_days" between 1 and 730)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_subscriptions_ends_idx" ON "package_subscriptions" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "package_subscriptions_package_idx" ON "package_subscriptions" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "packages_active_idx" ON "packages" USING btree ("is_active","sort");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parent_id_orders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_id");