-- Two-factor sign-in and signed-in devices (issue 31, docs/decisions/0034-two-factor-and-sessions.md).
-- The account's TOTP secret, sealed with SETTINGS_KEY like the payment keys (never in clear at rest). A setup writes
-- the pending one; enabling with a first good code moves it to two_factor_secret. two_factor_last_step is the last
-- 30-second step a code was accepted for: a code of that step or an earlier one is refused (a replay).
ALTER TABLE "users" ADD COLUMN "two_factor_secret" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_pending_secret" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_last_step" bigint;
--> statement-breakpoint
-- The ten single-use recovery codes given when 2FA is enabled: only their SHA-256 is kept.
CREATE TABLE "two_factor_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_user_hash_key" ON "two_factor_recovery_codes" USING btree ("user_id","code_hash");
--> statement-breakpoint
-- A password accepted for an account with 2FA on: the challenge the second step answers, valid 5 minutes, single use;
-- only its SHA-256 is kept.
CREATE TABLE "login_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_token_hash_key" ON "login_challenges" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "login_challenges_expires_idx" ON "login_challenges" USING btree ("expires_at");
--> statement-breakpoint
-- Each signed-in device: one row per token (its jti), written when the token is issued or first seen, its last_seen_at
-- moved at most every 5 minutes. Ending one also revokes its token (revoked_tokens, migration 0008); a row whose
-- token_version is not the account's any more (password changed, signed out everywhere else) is a dead token.
CREATE TABLE "user_sessions" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token_version" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "user_sessions_expires_idx" ON "user_sessions" USING btree ("expires_at");
