CREATE TABLE "dashboard_hidden_cards" (
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_hidden_cards_user_id_card_id_pk" PRIMARY KEY("user_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_hidden_kpis" (
	"user_id" integer NOT NULL,
	"kpi_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_hidden_kpis_user_id_kpi_id_pk" PRIMARY KEY("user_id","kpi_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_hidden_cards" ADD CONSTRAINT "dashboard_hidden_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_hidden_cards" ADD CONSTRAINT "dashboard_hidden_cards_card_id_dashboard_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."dashboard_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_hidden_kpis" ADD CONSTRAINT "dashboard_hidden_kpis_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_hidden_kpis" ADD CONSTRAINT "dashboard_hidden_kpis_kpi_id_dashboard_kpis_id_fk" FOREIGN KEY ("kpi_id") REFERENCES "public"."dashboard_kpis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_hidden_cards_card_idx" ON "dashboard_hidden_cards" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "dashboard_hidden_kpis_kpi_idx" ON "dashboard_hidden_kpis" USING btree ("kpi_id");