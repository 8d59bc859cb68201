CREATE TABLE "drawer_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drawer_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"event" text NOT NULL,
	"amount" integer,
	"finance_id" integer,
	"category" text,
	"employee_id" integer,
	"sales_cash" integer,
	"counted" integer,
	"difference" integer,
	"description" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drawer_log_event_check" CHECK ("drawer_log"."event" in ('open', 'finance-add', 'finance-update', 'finance-delete', 'close', 'reopen'))
);
--> statement-breakpoint
CREATE TABLE "drawer_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"default_float" integer DEFAULT 0 NOT NULL,
	"difference_threshold" integer,
	"blind_close" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drawer_settings_amounts_check" CHECK ("drawer_settings"."default_float" >= 0 and ("drawer_settings"."difference_threshold" is null or "drawer_settings"."difference_threshold" >= 0))
);
--> statement-breakpoint
CREATE TABLE "shift_attributes" (
	"shift_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "shift_attributes_shift_id_key_pk" PRIMARY KEY("shift_id","key"),
	CONSTRAINT "shift_attributes_key_check" CHECK ("shift_attributes"."key" in ('cashier', 'cashier added at closing', 'cashier removed at closing', 'denominations', 'closingdenominations', 'notes', 'cashoffset', 'salescash', 'cashatclosing', 'lastbalance'))
);
--> statement-breakpoint
CREATE TABLE "shift_finances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shift_finances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"employee_id" integer,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"is_debit" boolean NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_finances_category_check" CHECK ("shift_finances"."category" in ('CASHDROP', 'PAIDIN', 'PAIDOUT', 'TIPOUT')),
	CONSTRAINT "shift_finances_type_check" CHECK (("shift_finances"."type" = 'DEBIT') = "shift_finances"."is_debit" and "shift_finances"."type" in ('CREDIT', 'DEBIT')),
	CONSTRAINT "shift_finances_amount_check" CHECK ("shift_finances"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"starting_balance" integer NOT NULL,
	"closing_balance" integer,
	"balanced" text,
	"started_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"opened_by" integer,
	"closed_by" integer,
	"reopened" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_status_check" CHECK ("shifts"."status" in ('OPEN', 'CLOSED')),
	CONSTRAINT "shifts_balanced_check" CHECK ("shifts"."balanced" is null or "shifts"."balanced" in ('Balanced', 'Over', 'Short')),
	CONSTRAINT "shifts_closed_has_close" CHECK (("shifts"."status" = 'CLOSED') = ("shifts"."closed_at" is not null and "shifts"."closing_balance" is not null and "shifts"."balanced" is not null)),
	CONSTRAINT "shifts_starting_balance_check" CHECK ("shifts"."starting_balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "drawer_log" ADD CONSTRAINT "drawer_log_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_log" ADD CONSTRAINT "drawer_log_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_log" ADD CONSTRAINT "drawer_log_employee_id_staff_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_log" ADD CONSTRAINT "drawer_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_settings" ADD CONSTRAINT "drawer_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_attributes" ADD CONSTRAINT "shift_attributes_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_finances" ADD CONSTRAINT "shift_finances_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_finances" ADD CONSTRAINT "shift_finances_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_finances" ADD CONSTRAINT "shift_finances_employee_id_staff_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_finances" ADD CONSTRAINT "shift_finances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawer_log_shift_idx" ON "drawer_log" USING btree ("shift_id","id");--> statement-breakpoint
CREATE INDEX "shift_finances_shift_idx" ON "shift_finances" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "shift_finances_business_day_idx" ON "shift_finances" USING btree ("business_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_finances_one_cash_drop" ON "shift_finances" USING btree ("shift_id") WHERE "shift_finances"."category" = 'CASHDROP';--> statement-breakpoint
CREATE INDEX "shifts_business_day_idx" ON "shifts" USING btree ("business_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_drawer" ON "shifts" USING btree ("business_id") WHERE "shifts"."status" = 'OPEN';