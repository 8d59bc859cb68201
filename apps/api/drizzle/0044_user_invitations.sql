-- Invitations to a business (issue 27): an email, a role and an acl, a single-use link kept only as
-- the SHA-256 of its token, valid until expires_at. The business leads the primary and unique keys.
CREATE TABLE "user_invitations" (
	"business_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "user_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"role" text NOT NULL,
	"acl" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"user_id" integer,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "user_invitations_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "user_invitations_role_check" CHECK ("user_invitations"."role" in ('MANAGER', 'STAFF')),
	CONSTRAINT "user_invitations_used_user_check" CHECK ("user_invitations"."used_at" is not null or "user_invitations"."user_id" is null),
	CONSTRAINT "user_invitations_final_check" CHECK ("user_invitations"."used_at" is null or "user_invitations"."withdrawn_at" is null)
);
--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_business_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_invitations_business_token_key" ON "user_invitations" USING btree ("business_id","token_hash");--> statement-breakpoint
CREATE INDEX "user_invitations_business_email_idx" ON "user_invitations" USING btree ("business_id",lower("email"));