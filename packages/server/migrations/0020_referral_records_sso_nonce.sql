ALTER TABLE "wo_work_order" ADD COLUMN "treat_record" varchar(500);--> statement-breakpoint
CREATE TABLE "sys_sso_nonce" (
	"signature" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_sso_nonce_expires_idx" ON "sys_sso_nonce" USING btree ("expires_at");
