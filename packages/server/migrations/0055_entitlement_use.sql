-- Issue 15 (billing): package sessions used by completed work orders (划卡). A use names the project of its work
-- order, so charging that project per course, or the work order itself, is refused once a package paid for it, and
-- the cashier who used it.
ALTER TABLE "bill_entitlement_use" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "bill_entitlement_use" ADD COLUMN "operator_id" integer;--> statement-breakpoint
ALTER TABLE "bill_entitlement_use" ADD CONSTRAINT "bill_entitlement_use_operator_id_sys_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_entitlement_use_project_idx" ON "bill_entitlement_use" USING btree ("project_id");
