-- The proof-of-work check at sign-in (issue 22, modules/auth/captcha.service.ts): the signatures of solved challenges
-- already used, each until its challenge expires, so that one solution signs in once.
CREATE TABLE "sys_captcha_use" (
	"signature" varchar(128) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_captcha_use_expires_idx" ON "sys_captcha_use" USING btree ("expires_at");
