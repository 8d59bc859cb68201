CREATE TABLE "payroll_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payroll_hour_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_payout_start_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_clock_pins" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"pin_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_activity" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timesheet_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"slot_id" integer,
	"employee_id" integer,
	"user_id" integer,
	"action" text NOT NULL,
	"reason" text,
	"day" date,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timesheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"day" date NOT NULL,
	"clockin_at" timestamp with time zone NOT NULL,
	"clockout_at" timestamp with time zone,
	"original_clockin" timestamp with time zone NOT NULL,
	"original_clockout" timestamp with time zone,
	"status" text NOT NULL,
	"is_modified" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheets_status_check" CHECK ("timesheets"."status" in ('IN', 'OUT')),
	CONSTRAINT "timesheets_open_has_no_clockout" CHECK (("timesheets"."status" = 'IN') = ("timesheets"."clockout_at" is null)),
	CONSTRAINT "timesheets_clockout_after_clockin" CHECK ("timesheets"."clockout_at" is null or "timesheets"."clockout_at" >= "timesheets"."clockin_at")
);
--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_clock_pins" ADD CONSTRAINT "staff_clock_pins_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_clock_pins" ADD CONSTRAINT "staff_clock_pins_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_activity" ADD CONSTRAINT "timesheet_activity_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_activity" ADD CONSTRAINT "timesheet_activity_slot_id_timesheets_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."timesheets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_activity" ADD CONSTRAINT "timesheet_activity_employee_id_staff_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_activity" ADD CONSTRAINT "timesheet_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_employee_id_staff_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheet_activity_business_idx" ON "timesheet_activity" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "timesheet_activity_slot_idx" ON "timesheet_activity" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "timesheets_business_day_idx" ON "timesheets" USING btree ("business_id","day");--> statement-breakpoint
CREATE INDEX "timesheets_employee_day_idx" ON "timesheets" USING btree ("business_id","employee_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_one_open_slot" ON "timesheets" USING btree ("employee_id") WHERE "timesheets"."status" = 'IN';