-- Issue 15 (billing): a package session goes back to its package when the execution it paid for is withdrawn (撤回
-- 执行 returns the 划卡). The use row stays: it is stamped returned, once, with who and when (the work-orders event
-- of the withdrawal, in the same transaction); the work order may then be paid again after it is executed again, so
-- the one-use-per-order index counts only the uses not returned. A use is never deleted or otherwise changed.
ALTER TABLE "bill_entitlement_use" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_entitlement_use" ADD COLUMN "returned_by" integer;--> statement-breakpoint
ALTER TABLE "bill_entitlement_use" ADD CONSTRAINT "bill_entitlement_use_returned_by_sys_user_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX "bill_entitlement_use_order_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "bill_entitlement_use_order_uq" ON "bill_entitlement_use" USING btree ("work_order_id") WHERE "bill_entitlement_use"."returned_at" is null;--> statement-breakpoint
CREATE FUNCTION "bill_entitlement_use_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.id <> OLD.id OR NEW.entitlement_id <> OLD.entitlement_id
     OR NEW.work_order_id <> OLD.work_order_id OR NEW.project_id IS DISTINCT FROM OLD.project_id
     OR NEW.created_at <> OLD.created_at
     -- the return, once
     OR (NEW.returned_at IS DISTINCT FROM OLD.returned_at AND (OLD.returned_at IS NOT NULL OR NEW.returned_at IS NULL))
     -- a person's id may only be cleared (a deleted account), or named with the return
     OR (NEW.operator_id IS DISTINCT FROM OLD.operator_id AND NEW.operator_id IS NOT NULL)
     OR (NEW.returned_by IS DISTINCT FROM OLD.returned_by AND NEW.returned_by IS NOT NULL
         AND NEW.returned_at IS NOT DISTINCT FROM OLD.returned_at) THEN
    RAISE EXCEPTION '% is append-only: a use is only returned, once', TG_TABLE_NAME USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bill_entitlement_use_guard" BEFORE UPDATE OR DELETE ON "bill_entitlement_use" FOR EACH ROW EXECUTE FUNCTION "bill_entitlement_use_guard"();
