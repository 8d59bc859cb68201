CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_business_id_key" UNIQUE("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "media_renditions" (
	"media_id" integer NOT NULL,
	"rendition" text NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "media_renditions_media_id_rendition_pk" PRIMARY KEY("media_id","rendition")
);
--> statement-breakpoint
CREATE TABLE "media_tag_links" (
	"media_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "media_tag_links_media_id_tag_id_pk" PRIMARY KEY("media_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "media_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_usages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_usages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "image_media_id" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "photo_media_id" integer;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_renditions" ADD CONSTRAINT "media_renditions_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_tag_links" ADD CONSTRAINT "media_tag_links_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_tag_links" ADD CONSTRAINT "media_tag_links_tag_id_media_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."media_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_tags" ADD CONSTRAINT "media_tags_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_media_fk" FOREIGN KEY ("business_id","media_id") REFERENCES "public"."media"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_business_created_idx" ON "media" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "media_tag_links_tag_idx" ON "media_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_tags_business_name_key" ON "media_tags" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "media_usages_media_idx" ON "media_usages" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_usages_place_key" ON "media_usages" USING btree ("kind","ref_id","media_id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_image_media_fk" FOREIGN KEY ("business_id","image_media_id") REFERENCES "public"."media"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_photo_media_fk" FOREIGN KEY ("business_id","photo_media_id") REFERENCES "public"."media"("business_id","id") ON DELETE no action ON UPDATE no action;