-- The patient list at 100,000 patients an organization (docs/benchmarks.md): an identity-number prefix search uses an
-- index like the name, pinyin and initials searches do (the unique index's default operator class cannot serve LIKE
-- outside the C collation), and the course index carries the id, so the list's order (registration time, id) and a
-- deep page's offset are answered from the index alone.
CREATE INDEX "pat_patient_id_number_idx" ON "pat_patient" USING btree ("organization_id","id_number" varchar_pattern_ops);
--> statement-breakpoint
CREATE INDEX "pat_treatment_org_status_time_idx" ON "pat_treatment" USING btree ("organization_id","status","register_time","id");
--> statement-breakpoint
DROP INDEX "pat_treatment_org_status_idx";
