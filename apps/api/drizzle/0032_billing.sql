CREATE TABLE "billing_account_balance_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_account_balance_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"action" text NOT NULL,
	"old_amount" integer,
	"new_amount" integer,
	"old_description" text,
	"new_description" text,
	"by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_account_balances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_account_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text,
	"invoice_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "billing_account_balances_kind" CHECK ("billing_account_balances"."kind" in ('fund', 'message')),
	CONSTRAINT "billing_account_balances_amount" CHECK ("billing_account_balances"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_installment_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_installment_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"description" text NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"count" integer NOT NULL,
	"idempotency_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_installment_plans_total" CHECK ("billing_installment_plans"."total" > 0 and "billing_installment_plans"."count" >= 2)
);
--> statement-breakpoint
CREATE TABLE "billing_invoice_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_invoice_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount_kind" text NOT NULL,
	"value" integer NOT NULL,
	"description" text,
	"cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "billing_invoice_lines_amount" CHECK ("billing_invoice_lines"."amount" = "billing_invoice_lines"."quantity" * "billing_invoice_lines"."unit_amount")
);
--> statement-breakpoint
CREATE TABLE "billing_invoice_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_invoice_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoice_status_history_actor" CHECK ("billing_invoice_status_history"."actor" in ('system', 'admin', 'owner'))
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"currency" text NOT NULL,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"subtotal" integer DEFAULT 0 NOT NULL,
	"adjustments_total" integer DEFAULT 0 NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"due_date" date,
	"current_billing_cycle_start" date,
	"comment" text,
	"payment_method_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"installment_plan_id" integer,
	"installment_number" integer,
	"idempotency_key" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoices_type" CHECK ("billing_invoices"."type" in ('recurring', 'onetime')),
	CONSTRAINT "billing_invoices_status" CHECK ("billing_invoices"."status" in ('unpaid', 'paid', 'pending', 'fail', 'withdrawn', 'paused', 'queued', 'refund', 'alternate')),
	CONSTRAINT "billing_invoices_amounts" CHECK ("billing_invoices"."subtotal" >= 0 and "billing_invoices"."total" >= 0 and "billing_invoices"."tax" >= 0 and "billing_invoices"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"foreign_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"share_link_id" integer,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payment_methods_kind" CHECK ("billing_payment_methods"."kind" in ('card', 'bank_account')),
	CONSTRAINT "billing_payment_methods_last4" CHECK ("billing_payment_methods"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"payment_method_id" integer,
	"method_label" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"foreign_payment_id" text,
	"idempotency_key" text NOT NULL,
	"failure_message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_amount" CHECK ("billing_payments"."amount" > 0),
	CONSTRAINT "billing_payments_status" CHECK ("billing_payments"."status" in ('succeeded', 'pending', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plans_kind" CHECK ("billing_plans"."kind" in ('Reoccuring', 'Onetime')),
	CONSTRAINT "billing_plans_amount" CHECK ("billing_plans"."amount" >= 0),
	CONSTRAINT "billing_plans_interval" CHECK (("billing_plans"."kind" = 'Onetime') = ("billing_plans"."interval" is null))
);
--> statement-breakpoint
CREATE TABLE "billing_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"foreign_refund_id" text,
	"idempotency_key" text NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_refunds_amount" CHECK ("billing_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_scheduler_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_scheduler_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_for" timestamp with time zone NOT NULL,
	"by" integer,
	"job_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"opened" integer DEFAULT 0 NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "billing_share_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_share_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"setup_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscription_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_subscription_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount_kind" text NOT NULL,
	"value" integer NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscription_adjustments_type" CHECK ("billing_subscription_adjustments"."type" in ('d', 'a') and "billing_subscription_adjustments"."amount_kind" in ('a', 'p') and "billing_subscription_adjustments"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_subscription_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_subscription_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"status" text NOT NULL,
	"pause_mode" text,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" integer,
	CONSTRAINT "billing_subscription_statuses_status" CHECK ("billing_subscription_statuses"."status" in ('paused', 'alternate', 'withdrawn')),
	CONSTRAINT "billing_subscription_statuses_mode" CHECK (("billing_subscription_statuses"."status" = 'paused') = ("billing_subscription_statuses"."pause_mode" is not null) and ("billing_subscription_statuses"."pause_mode" is null or "billing_subscription_statuses"."pause_mode" in ('PAUSE', 'PAUSEWITHOUTINVOICE'))),
	CONSTRAINT "billing_subscription_statuses_range" CHECK ("billing_subscription_statuses"."ends_on" is null or "billing_subscription_statuses"."ends_on" >= "billing_subscription_statuses"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text DEFAULT 'monthly' NOT NULL,
	"starts_on" date NOT NULL,
	"anchor_day" integer NOT NULL,
	"current_billing_cycle_start" date,
	"next_billing_day" date NOT NULL,
	"payment_method_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_amount" CHECK ("billing_subscriptions"."amount" >= 0),
	CONSTRAINT "billing_subscriptions_anchor" CHECK ("billing_subscriptions"."anchor_day" between 1 and 31)
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "suspended_after" date;--> statement-breakpoint
ALTER TABLE "billing_account_balance_history" ADD CONSTRAINT "billing_account_balance_history_entry_id_billing_account_balances_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."billing_account_balances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_account_balance_history" ADD CONSTRAINT "billing_account_balance_history_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_account_balance_history" ADD CONSTRAINT "billing_account_balance_history_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_account_balances" ADD CONSTRAINT "billing_account_balances_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_account_balances" ADD CONSTRAINT "billing_account_balances_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_account_balances" ADD CONSTRAINT "billing_account_balances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_installment_plans" ADD CONSTRAINT "billing_installment_plans_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_installment_plans" ADD CONSTRAINT "billing_installment_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_installment_plans" ADD CONSTRAINT "billing_installment_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoice_adjustments" ADD CONSTRAINT "billing_invoice_adjustments_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoice_lines" ADD CONSTRAINT "billing_invoice_lines_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoice_status_history" ADD CONSTRAINT "billing_invoice_status_history_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoice_status_history" ADD CONSTRAINT "billing_invoice_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_payment_method_id_billing_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."billing_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_installment_plan_id_billing_installment_plans_id_fk" FOREIGN KEY ("installment_plan_id") REFERENCES "public"."billing_installment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_payment_method_id_billing_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."billing_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_scheduler_runs" ADD CONSTRAINT "billing_scheduler_runs_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_share_links" ADD CONSTRAINT "billing_share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_share_links" ADD CONSTRAINT "billing_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription_adjustments" ADD CONSTRAINT "billing_subscription_adjustments_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription_adjustments" ADD CONSTRAINT "billing_subscription_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription_statuses" ADD CONSTRAINT "billing_subscription_statuses_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription_statuses" ADD CONSTRAINT "billing_subscription_statuses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription_statuses" ADD CONSTRAINT "billing_subscription_statuses_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_plan_id_billing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_payment_method_id_billing_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."billing_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_account_balance_history_business_idx" ON "billing_account_balance_history" USING btree ("business_id","at");--> statement-breakpoint
CREATE INDEX "billing_account_balances_business_idx" ON "billing_account_balances" USING btree ("business_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_account_balances_invoice_idx" ON "billing_account_balances" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_user_provider_idx" ON "billing_customers" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "billing_installment_plans_business_idx" ON "billing_installment_plans" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_installment_plans_key_idx" ON "billing_installment_plans" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "billing_invoice_adjustments_invoice_idx" ON "billing_invoice_adjustments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoice_lines_position_idx" ON "billing_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "billing_invoice_status_history_invoice_idx" ON "billing_invoice_status_history" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_business_idx" ON "billing_invoices" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_invoices_retry_idx" ON "billing_invoices" USING btree ("next_attempt_at") WHERE "billing_invoices"."deleted_at" is null and "billing_invoices"."next_attempt_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_cycle_idx" ON "billing_invoices" USING btree ("subscription_id","current_billing_cycle_start") WHERE "billing_invoices"."type" = 'recurring';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_installment_idx" ON "billing_invoices" USING btree ("installment_plan_id","installment_number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_key_idx" ON "billing_invoices" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "billing_payment_methods_user_idx" ON "billing_payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_foreign_idx" ON "billing_payment_methods" USING btree ("provider","foreign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_default_idx" ON "billing_payment_methods" USING btree ("user_id") WHERE "billing_payment_methods"."is_default" and "billing_payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "billing_payments_invoice_idx" ON "billing_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_key_idx" ON "billing_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_foreign_idx" ON "billing_payments" USING btree ("provider","foreign_payment_id");--> statement-breakpoint
CREATE INDEX "billing_refunds_payment_idx" ON "billing_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_refunds_key_idx" ON "billing_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "billing_scheduler_runs_started_idx" ON "billing_scheduler_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_share_links_token_idx" ON "billing_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "billing_subscription_adjustments_sub_idx" ON "billing_subscription_adjustments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "billing_subscription_statuses_sub_idx" ON "billing_subscription_statuses" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_business_idx" ON "billing_subscriptions" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_user_idx" ON "billing_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_due_idx" ON "billing_subscriptions" USING btree ("next_billing_day") WHERE "billing_subscriptions"."deleted_at" is null;