ALTER TABLE "sys_user_organization" ADD COLUMN "post_type_id" integer;--> statement-breakpoint
ALTER TABLE "sys_user_organization" ADD COLUMN "post_small_type_id" integer;--> statement-breakpoint
ALTER TABLE "sys_user_organization" ADD CONSTRAINT "sys_user_organization_post_type_id_sys_post_type_id_fk" FOREIGN KEY ("post_type_id") REFERENCES "public"."sys_post_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_organization" ADD CONSTRAINT "sys_user_organization_post_small_type_id_sys_post_small_type_id_fk" FOREIGN KEY ("post_small_type_id") REFERENCES "public"."sys_post_small_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_user_organization_post_type_idx" ON "sys_user_organization" USING btree ("post_type_id");--> statement-breakpoint
CREATE INDEX "sys_user_organization_post_small_type_idx" ON "sys_user_organization" USING btree ("post_small_type_id");
