CREATE TABLE "site_build_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_build_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"step" text NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_previews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_previews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "site_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"make_live" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"built_at" timestamp with time zone,
	"live_at" timestamp with time zone,
	"error" text,
	"file_count" integer,
	"byte_size" bigint,
	CONSTRAINT "site_versions_kind" CHECK ("site_versions"."kind" in ('website', 'app')),
	CONSTRAINT "site_versions_status" CHECK ("site_versions"."status" in ('queued', 'building', 'ready', 'live', 'failed', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "webcode" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "version_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "version_number" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "site_build_log" ADD CONSTRAINT "site_build_log_version_id_site_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."site_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_build_log" ADD CONSTRAINT "site_build_log_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_previews" ADD CONSTRAINT "site_previews_version_id_site_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."site_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_previews" ADD CONSTRAINT "site_previews_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_previews" ADD CONSTRAINT "site_previews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_versions" ADD CONSTRAINT "site_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_versions" ADD CONSTRAINT "site_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_build_log_version_idx" ON "site_build_log" USING btree ("version_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_previews_token_key" ON "site_previews" USING btree ("token");--> statement-breakpoint
CREATE INDEX "site_previews_version_idx" ON "site_previews" USING btree ("version_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_versions_number_key" ON "site_versions" USING btree ("business_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "site_versions_one_live_key" ON "site_versions" USING btree ("business_id","kind") WHERE "site_versions"."status" = 'live';--> statement-breakpoint
CREATE INDEX "site_versions_status_idx" ON "site_versions" USING btree ("business_id","kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_webcode_key" ON "businesses" USING btree ("webcode");