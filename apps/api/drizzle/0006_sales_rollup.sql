CREATE TABLE "sales_daily" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"tips" integer DEFAULT 0 NOT NULL,
	"cash" integer DEFAULT 0 NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL,
	"gift" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"subtotal" integer DEFAULT 0 NOT NULL,
	"discounts" integer DEFAULT 0 NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"services" integer DEFAULT 0 NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"giftcards" integer DEFAULT 0 NOT NULL,
	"service_quantity" integer DEFAULT 0 NOT NULL,
	"product_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_items" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_items_business_id_day_kind_name_pk" PRIMARY KEY("business_id","day","kind","name")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_staff" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"employee_id" integer,
	"lines" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_staff_key" UNIQUE NULLS NOT DISTINCT("business_id","day","employee_id")
);
--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily_items" ADD CONSTRAINT "sales_daily_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily_staff" ADD CONSTRAINT "sales_daily_staff_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;