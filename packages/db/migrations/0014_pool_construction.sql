CREATE TABLE "construction_colours" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"hex" varchar(7) NOT NULL,
	"image" varchar(500),
	"extra_m2" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "construction_colours_hex" CHECK ("construction_colours"."hex" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "construction_colours_extra" CHECK ("construction_colours"."extra_m2" >= 0)
);
--> statement-breakpoint
CREATE TABLE "construction_design_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"shape" varchar(16) NOT NULL,
	"name_ar" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"image" varchar(500) NOT NULL,
	"price_factor" smallint DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "construction_design_types_shape" CHECK ("construction_design_types"."shape" in ('rectangle', 'rounded', 'l_shape', 'kidney', 'free_form')),
	CONSTRAINT "construction_design_types_factor" CHECK ("construction_design_types"."price_factor" between 10 and 1000)
);
--> statement-breakpoint
CREATE TABLE "construction_requests" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"design_type_id" integer NOT NULL,
	"colour_id" integer NOT NULL,
	"shape" varchar(16) NOT NULL,
	"length_dm" smallint NOT NULL,
	"width_dm" smallint NOT NULL,
	"depth_dm" smallint NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"measures" jsonb NOT NULL,
	"estimate_low" integer NOT NULL,
	"estimate_high" integer NOT NULL,
	"snapshot" varchar(500) NOT NULL,
	"notes" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" jsonb NOT NULL,
	CONSTRAINT "construction_requests_sizes" CHECK ("construction_requests"."length_dm" > 0 and "construction_requests"."width_dm" > 0 and "construction_requests"."depth_dm" > 0),
	CONSTRAINT "construction_requests_estimate" CHECK (0 <= "construction_requests"."estimate_low" and "construction_requests"."estimate_low" <= "construction_requests"."estimate_high")
);
--> statement-breakpoint
CREATE TABLE "construction_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer,
	"title" varchar(150) NOT NULL,
	"note" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "construction_requests" ADD CONSTRAINT "construction_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_requests" ADD CONSTRAINT "construction_requests_design_type_id_construction_design_types_id_fk" FOREIGN KEY ("design_type_id") REFERENCES "public"."construction_design_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_requests" ADD CONSTRAINT "construction_requests_colour_id_construction_colours_id_fk" FOREIGN KEY ("colour_id") REFERENCES "public"."construction_colours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_stages" ADD CONSTRAINT "construction_stages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_stages" ADD CONSTRAINT "construction_stages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "construction_colours_active_idx" ON "construction_colours" USING btree ("is_active","sort");--> statement-breakpoint
CREATE INDEX "construction_design_types_active_idx" ON "construction_design_types" USING btree ("is_active","sort");--> statement-breakpoint
CREATE INDEX "construction_requests_design_type_idx" ON "construction_requests" USING btree ("design_type_id");--> statement-breakpoint
CREATE INDEX "construction_requests_colour_idx" ON "construction_requests" USING btree ("colour_id");--> statement-breakpoint
CREATE INDEX "construction_stages_order_idx" ON "construction_stages" USING btree ("order_id","id");