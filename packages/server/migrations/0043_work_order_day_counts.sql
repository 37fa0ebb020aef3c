-- The work-order lists on a year of orders (issue 23): an index that gives one day's orders in the lists' order, and
-- the count of orders per organization, treatment day, status and signature, kept in the writing transaction by
-- statement triggers, so an exact total and the day a page falls on cost a few hundred rows instead of a count of
-- every order of the organization.
CREATE INDEX "wo_work_order_org_day_patient_idx" ON "wo_work_order" USING btree ("organization_id","treat_date","patient_id","project_id","seq");
--> statement-breakpoint
CREATE TABLE "wo_day_count" (
	"organization_id" integer NOT NULL,
	"treat_date" date NOT NULL,
	"status" smallint NOT NULL,
	"signed" boolean NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wo_day_count_uq" ON "wo_day_count" USING btree ("organization_id","treat_date","status","signed");
--> statement-breakpoint
INSERT INTO "wo_day_count" ("organization_id", "treat_date", "status", "signed", "n")
	SELECT "organization_id", "treat_date", "status", "signed", count(*) FROM "wo_work_order" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- One statement's changes, summed per key and applied in key order: concurrent writers lock the count rows in the
-- same order (no deadlock between them), and an update that changes none of the four columns writes nothing.
CREATE FUNCTION "wo_day_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "wo_day_count" AS c ("organization_id", "treat_date", "status", "signed", "n")
			SELECT "organization_id", "treat_date", "status", "signed", count(*) FROM new_rows
			GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
			ON CONFLICT ("organization_id", "treat_date", "status", "signed") DO UPDATE SET "n" = c."n" + excluded."n";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "wo_day_count" AS c ("organization_id", "treat_date", "status", "signed", "n")
			SELECT "organization_id", "treat_date", "status", "signed", -count(*) FROM old_rows
			GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
			ON CONFLICT ("organization_id", "treat_date", "status", "signed") DO UPDATE SET "n" = c."n" + excluded."n";
	ELSE
		INSERT INTO "wo_day_count" AS c ("organization_id", "treat_date", "status", "signed", "n")
			SELECT "organization_id", "treat_date", "status", "signed", sum(d) FROM (
				SELECT "organization_id", "treat_date", "status", "signed", 1 AS d FROM new_rows
				UNION ALL
				SELECT "organization_id", "treat_date", "status", "signed", -1 AS d FROM old_rows
			) x
			GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
			ON CONFLICT ("organization_id", "treat_date", "status", "signed") DO UPDATE SET "n" = c."n" + excluded."n";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "wo_day_count_insert" AFTER INSERT ON "wo_work_order" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "wo_day_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "wo_day_count_update" AFTER UPDATE ON "wo_work_order" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "wo_day_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "wo_day_count_delete" AFTER DELETE ON "wo_work_order" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "wo_day_count_apply"();
