-- A data version per organization (docs/decisions.md, performance): every committed change of the rows that the
-- patient list and the schedule view show bumps `version` of the changed rows' organization, in the same transaction,
-- so a server process may reuse an answer it computed while the version it reads at the start of a request is the
-- one the answer was computed under (several processes on one database stay correct: the version is data).
-- Organization 0 holds the version of rows of no organization (staff names).
CREATE TABLE "sys_data_version" (
	"organization_id" integer PRIMARY KEY,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Deferred row triggers: they fire at commit, after every statement of the transaction, so a version row is locked
-- only for the commit itself (a bump early in a long transaction would hold it, and a lock taken after it could
-- deadlock); a transaction-local setting remembers which organizations the transaction has bumped already, so a
-- bulk insert of 100,000 rows bumps once, not 100,000 times.
CREATE FUNCTION "sys_bump_data_version_of"(org integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	seen text := coalesce(current_setting('rehab.data_version_bumped', true), '');
BEGIN
	IF org IS NULL OR position(',' || org || ',' IN seen) > 0 THEN
		RETURN;
	END IF;
	INSERT INTO "sys_data_version" AS v ("organization_id", "version") VALUES (org, 1)
		ON CONFLICT ("organization_id") DO UPDATE SET "version" = v."version" + 1;
	PERFORM set_config('rehab.data_version_bumped', CASE WHEN seen = '' THEN ',' ELSE seen END || org || ',', true);
END
$$;
--> statement-breakpoint
-- the changed row's organization (an update that moves a row changes the old organization's answers too)
CREATE FUNCTION "sys_bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM "sys_bump_data_version_of"(OLD.organization_id);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM "sys_bump_data_version_of"(NEW.organization_id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- rows of no organization (staff names): organization 0, which every organization's version includes
CREATE FUNCTION "sys_bump_data_version_global"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "sys_bump_data_version_of"(0);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pat_patient_data_version" AFTER INSERT OR UPDATE OR DELETE ON "pat_patient" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pat_treatment_data_version" AFTER INSERT OR UPDATE OR DELETE ON "pat_treatment" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pat_treatment_project_data_version" AFTER INSERT OR UPDATE OR DELETE ON "pat_treatment_project" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sys_office_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sys_office" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sys_disease_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sys_disease" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sys_functioning_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sys_functioning" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sys_equipment_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sys_equipment" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sys_treatment_team_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sys_treatment_team" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sys_time_slot_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sys_time_slot" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "wo_work_order_data_version" AFTER INSERT OR UPDATE OR DELETE ON "wo_work_order" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sch_schedule_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sch_schedule" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version"();
--> statement-breakpoint
-- staff names show in both; sign-in bookkeeping (failed attempts, lockout) changes other columns and bumps nothing
CREATE CONSTRAINT TRIGGER "sys_user_data_version" AFTER INSERT OR DELETE OR UPDATE OF "name" ON "sys_user" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sys_bump_data_version_global"();
