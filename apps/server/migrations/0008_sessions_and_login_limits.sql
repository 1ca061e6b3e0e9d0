-- Sessions that end and login limits that hold (docs/decisions/0014-sessions-and-auth-limits.md).
-- A token ended by a logout before its expiry: every authenticated request looks its `jti` up here (with the user, in
-- one statement), so a logout holds on every instance. A row is useless once the token has expired, or once the user's
-- token version moved on (password change or reset): those are deleted.
CREATE TABLE "revoked_tokens" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revoked_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "revoked_tokens_user_idx" ON "revoked_tokens" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");
--> statement-breakpoint
-- Login failures slow down the account or address they are counted for: no login is tried for that key before
-- `blocked_until` (null: not slowed down). `reset_at` stays the moment the row may be forgotten.
ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;
