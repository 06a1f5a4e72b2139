CREATE TABLE "admin_login_locks" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"admin_id" integer,
	"ip" varchar(64) NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "revoked_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "agent" text;--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD COLUMN "revoked_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD COLUMN "agent" text;--> statement-breakpoint
ALTER TABLE "admin_login_locks" ADD CONSTRAINT "admin_login_locks_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_login_locks" ADD CONSTRAINT "admin_login_locks_lifted_by_admins_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_login_locks_admin_idx" ON "admin_login_locks" USING btree ("admin_id","locked_until");