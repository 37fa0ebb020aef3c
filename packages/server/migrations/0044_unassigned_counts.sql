-- The home card "projects without a therapist" on a year of courses (issue 23): the in-progress projects of active
-- courses that have neither a therapist nor a group, counted per organization and executing department and kept by
-- statement triggers in the writing transaction (a count of them read tens of thousands of rows on every home page).
CREATE TABLE "pat_unassigned_count" (
	"organization_id" integer NOT NULL,
	"exec_office_id" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pat_unassigned_count_uq" ON "pat_unassigned_count" USING btree ("organization_id","exec_office_id");
--> statement-breakpoint
INSERT INTO "pat_unassigned_count" ("organization_id", "exec_office_id", "n")
	SELECT p."organization_id", p."exec_office_id", count(*) FROM "pat_treatment_project" p
		JOIN "pat_treatment" t ON t."id" = p."treatment_id"
	WHERE p."therapist_id" IS NULL AND p."team_id" IS NULL AND p."status" = 1 AND t."status" = 1
	GROUP BY 1, 2;
--> statement-breakpoint
-- A project update: its rows before and after, each counted when it is unassigned and in progress in an active
-- course (the course's status as it is now: a statement changes projects or courses, never both), summed per key
-- and applied in key order (concurrent writers lock the count rows in one order).
CREATE FUNCTION "pat_unassigned_count_projects"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "pat_unassigned_count" AS c ("organization_id", "exec_office_id", "n")
		SELECT x."organization_id", x."exec_office_id", sum(x.d) FROM (
			SELECT "organization_id", "exec_office_id", "treatment_id", 1 AS d FROM new_rows
				WHERE "therapist_id" IS NULL AND "team_id" IS NULL AND "status" = 1
			UNION ALL
			SELECT "organization_id", "exec_office_id", "treatment_id", -1 AS d FROM old_rows
				WHERE "therapist_id" IS NULL AND "team_id" IS NULL AND "status" = 1
		) x JOIN "pat_treatment" t ON t."id" = x."treatment_id" AND t."status" = 1
		GROUP BY 1, 2 HAVING sum(x.d) <> 0 ORDER BY 1, 2
		ON CONFLICT ("organization_id", "exec_office_id") DO UPDATE SET "n" = c."n" + excluded."n";
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A course statement: a course that becomes active (or stops being active) adds (or takes away) its unassigned
-- in-progress projects.
CREATE FUNCTION "pat_unassigned_count_courses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "pat_unassigned_count" AS c ("organization_id", "exec_office_id", "n")
		SELECT p."organization_id", p."exec_office_id", sum(x.d) FROM (
			SELECT n."id", CASE WHEN n."status" = 1 THEN 1 ELSE -1 END AS d
			FROM new_rows n JOIN old_rows o ON o."id" = n."id"
			WHERE (n."status" = 1) <> (o."status" = 1)
		) x JOIN "pat_treatment_project" p ON p."treatment_id" = x."id"
		WHERE p."therapist_id" IS NULL AND p."team_id" IS NULL AND p."status" = 1
		GROUP BY 1, 2 HAVING sum(x.d) <> 0 ORDER BY 1, 2
		ON CONFLICT ("organization_id", "exec_office_id") DO UPDATE SET "n" = c."n" + excluded."n";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "pat_unassigned_count_projects_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "pat_unassigned_count" AS c ("organization_id", "exec_office_id", "n")
		SELECT x."organization_id", x."exec_office_id", count(*) FROM new_rows x
			JOIN "pat_treatment" t ON t."id" = x."treatment_id" AND t."status" = 1
		WHERE x."therapist_id" IS NULL AND x."team_id" IS NULL AND x."status" = 1
		GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("organization_id", "exec_office_id") DO UPDATE SET "n" = c."n" + excluded."n";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "pat_unassigned_count_projects_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "pat_unassigned_count" AS c ("organization_id", "exec_office_id", "n")
		SELECT x."organization_id", x."exec_office_id", -count(*) FROM old_rows x
			JOIN "pat_treatment" t ON t."id" = x."treatment_id" AND t."status" = 1
		WHERE x."therapist_id" IS NULL AND x."team_id" IS NULL AND x."status" = 1
		GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("organization_id", "exec_office_id") DO UPDATE SET "n" = c."n" + excluded."n";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pat_unassigned_count_projects_insert" AFTER INSERT ON "pat_treatment_project" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pat_unassigned_count_projects_insert"();
--> statement-breakpoint
CREATE TRIGGER "pat_unassigned_count_projects_update" AFTER UPDATE ON "pat_treatment_project" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pat_unassigned_count_projects"();
--> statement-breakpoint
CREATE TRIGGER "pat_unassigned_count_projects_delete" AFTER DELETE ON "pat_treatment_project" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "pat_unassigned_count_projects_delete"();
--> statement-breakpoint
CREATE TRIGGER "pat_unassigned_count_courses" AFTER UPDATE ON "pat_treatment" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pat_unassigned_count_courses"();
