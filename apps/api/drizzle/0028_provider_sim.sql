-- The local simulators of Stripe's and NMI's wire formats (src/payments/simulators/) keep their
-- state here, apart from Salondesk's own tables, so it survives restarts and the demo can seed it
-- in SQL. Nothing of the application reads these tables: only the simulators' HTTP servers do.
CREATE SCHEMA IF NOT EXISTS provider_sim;
--> statement-breakpoint
CREATE TABLE provider_sim.stripe_accounts (
	id text PRIMARY KEY,
	payout_schedule jsonb NOT NULL DEFAULT '{"delay_days": 2, "interval": "daily"}',
	default_currency text NOT NULL DEFAULT 'usd',
	created timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE provider_sim.stripe_charges (
	id text PRIMARY KEY,
	account text NOT NULL,
	payment_intent text NOT NULL,
	amount integer NOT NULL CHECK (amount > 0),
	amount_refunded integer NOT NULL DEFAULT 0,
	currency text NOT NULL,
	status text NOT NULL,
	customer text,
	description text,
	metadata jsonb NOT NULL DEFAULT '{}',
	payment_method text,
	card_brand text,
	card_last4 text,
	failure_message text,
	balance_transaction text,
	created timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX stripe_charges_account_idx ON provider_sim.stripe_charges (account, created);
--> statement-breakpoint
CREATE TABLE provider_sim.stripe_refunds (
	id text PRIMARY KEY,
	account text NOT NULL,
	charge text NOT NULL REFERENCES provider_sim.stripe_charges (id),
	amount integer NOT NULL CHECK (amount > 0),
	status text NOT NULL,
	balance_transaction text,
	created timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE provider_sim.stripe_payouts (
	id text PRIMARY KEY,
	account text NOT NULL,
	amount integer NOT NULL,
	currency text NOT NULL,
	arrival_date date NOT NULL,
	status text NOT NULL,
	automatic boolean NOT NULL,
	description text,
	balance_transaction text,
	created timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX stripe_payouts_account_idx ON provider_sim.stripe_payouts (account, created);
--> statement-breakpoint
-- Every movement of an account's balance: charges, refunds, disputes, adjustments, fees and
-- payouts; `payout` is the automatic payout that paid it (null while unpaid, and for manual ones).
CREATE TABLE provider_sim.stripe_balance_transactions (
	id text PRIMARY KEY,
	account text NOT NULL,
	type text NOT NULL,
	amount integer NOT NULL,
	fee integer NOT NULL DEFAULT 0,
	net integer NOT NULL,
	currency text NOT NULL,
	source text,
	payout text,
	description text,
	created timestamptz NOT NULL DEFAULT now(),
	available_on timestamptz NOT NULL DEFAULT now(),
	CHECK (net = amount - fee)
);
--> statement-breakpoint
CREATE INDEX stripe_balance_transactions_account_idx ON provider_sim.stripe_balance_transactions (account, created, id);
--> statement-breakpoint
CREATE INDEX stripe_balance_transactions_payout_idx ON provider_sim.stripe_balance_transactions (payout);
--> statement-breakpoint
CREATE TABLE provider_sim.nmi_transactions (
	transaction_id text PRIMARY KEY,
	merchant text NOT NULL,
	-- sale or refund (NMI's `type`).
	type text NOT NULL,
	-- Dollars as NMI's wire says them; the processor's fee likewise.
	amount numeric(12, 2) NOT NULL CHECK (amount > 0),
	fee numeric(12, 2) NOT NULL DEFAULT 0,
	currency text NOT NULL DEFAULT 'USD',
	-- pendingsettlement, complete or failed (NMI's `condition`).
	condition text NOT NULL,
	response_text text NOT NULL,
	authcode text NOT NULL DEFAULT '',
	order_id text,
	order_description text,
	customer_vault_id text,
	original_transaction_id text,
	cc_type text,
	cc_last4 text,
	merchant_defined jsonb NOT NULL DEFAULT '{}',
	batch_id text,
	created timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX nmi_transactions_merchant_idx ON provider_sim.nmi_transactions (merchant, created);
--> statement-breakpoint
CREATE INDEX nmi_transactions_order_idx ON provider_sim.nmi_transactions (merchant, order_id);
--> statement-breakpoint
-- A settlement batch: what one deposit paid (NMI's payout).
CREATE TABLE provider_sim.nmi_batches (
	batch_id text PRIMARY KEY,
	merchant text NOT NULL,
	settled_at timestamptz NOT NULL,
	deposit_date date NOT NULL,
	currency text NOT NULL DEFAULT 'USD',
	-- Set for a deposit whose amount differs from its transactions' (a processor adjustment), else the sum.
	adjustment numeric(12, 2) NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX nmi_batches_merchant_idx ON provider_sim.nmi_batches (merchant, settled_at);
--> statement-breakpoint
-- Answers already given to an idempotency key (Stripe's `Idempotency-Key`), per account.
CREATE TABLE provider_sim.idempotency (
	provider text NOT NULL,
	account text NOT NULL,
	key text NOT NULL,
	status integer NOT NULL,
	response jsonb NOT NULL,
	created timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (provider, account, key)
);
