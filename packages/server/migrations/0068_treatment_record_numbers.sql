-- Issue 20 (/treatmentRecord/treatmentIframe): the hospital system opens a patient's treatment record by its own
-- number, a course's outpatient, inpatient or visit number. One index a number (a bitmap OR of the three answers the
-- lookup) instead of a scan of the organization's courses.
CREATE INDEX "pat_treatment_outpatient_no_idx" ON "pat_treatment" USING btree ("organization_id","outpatient_no") WHERE "pat_treatment"."outpatient_no" is not null;--> statement-breakpoint
CREATE INDEX "pat_treatment_inpatient_no_idx" ON "pat_treatment" USING btree ("organization_id","inpatient_no") WHERE "pat_treatment"."inpatient_no" is not null;--> statement-breakpoint
CREATE INDEX "pat_treatment_visit_no_idx" ON "pat_treatment" USING btree ("organization_id","visit_no") WHERE "pat_treatment"."visit_no" is not null;
