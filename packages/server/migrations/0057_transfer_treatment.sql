-- Transfer of treatment (转诊治疗, issue 17): a referral of kind 'transfer', whose acceptance moves the course's plan
-- to a new course at the receiving side; the row links both courses and keeps what moved (the outcome).
ALTER TABLE "ref_referral" ADD COLUMN "kind" varchar(20) DEFAULT 'referral' NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_referral" ADD COLUMN "to_patient_id" integer;--> statement-breakpoint
ALTER TABLE "ref_referral" ADD COLUMN "to_treatment_id" integer;--> statement-breakpoint
ALTER TABLE "ref_referral" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "ref_referral" ADD CONSTRAINT "ref_referral_to_patient_id_pat_patient_id_fk" FOREIGN KEY ("to_patient_id") REFERENCES "public"."pat_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_referral" ADD CONSTRAINT "ref_referral_to_treatment_id_pat_treatment_id_fk" FOREIGN KEY ("to_treatment_id") REFERENCES "public"."pat_treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "ref_referral_from_idx";--> statement-breakpoint
DROP INDEX "ref_referral_to_idx";--> statement-breakpoint
CREATE INDEX "ref_referral_from_idx" ON "ref_referral" USING btree ("from_organization_id","kind","id");--> statement-breakpoint
CREATE INDEX "ref_referral_to_idx" ON "ref_referral" USING btree ("to_organization_id","kind","status","id");
