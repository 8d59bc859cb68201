-- The Stripe simulator's customers, saved payment methods and setup intents (billing, issue 16).
-- Only the simulator's HTTP server reads them (src/payments/simulators/stripe.ts).
CREATE TABLE provider_sim.stripe_customers (
	id text PRIMARY KEY,
	account text NOT NULL,
	email text,
	name text,
	metadata jsonb NOT NULL DEFAULT '{}',
	created timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE provider_sim.stripe_payment_methods (
	id text PRIMARY KEY,
	account text NOT NULL,
	type text NOT NULL DEFAULT 'card',
	card_brand text,
	card_last4 text NOT NULL,
	exp_month integer,
	exp_year integer,
	customer text,
	-- Saved fine, but every charge of it is declined (Stripe's test card 4000 0000 0000 0341).
	declines boolean NOT NULL DEFAULT false,
	created timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE provider_sim.stripe_setup_intents (
	id text PRIMARY KEY,
	account text NOT NULL,
	customer text,
	client_secret text NOT NULL,
	status text NOT NULL,
	kind text NOT NULL DEFAULT 'card',
	payment_method text,
	last_error text,
	metadata jsonb NOT NULL DEFAULT '{}',
	created timestamptz NOT NULL DEFAULT now()
);
