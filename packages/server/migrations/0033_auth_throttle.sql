-- Growing delays after failed sign-ins, limits on password-change guesses and on codes sent per caller (issue 22;
-- docs/security.md): one counter per scope and key, forgotten after its window.
CREATE TABLE "sys_auth_throttle" (
	"scope" varchar(24) NOT NULL,
	"key" varchar(200) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sys_auth_throttle_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "sys_auth_throttle_last_idx" ON "sys_auth_throttle" USING btree ("last_at");
