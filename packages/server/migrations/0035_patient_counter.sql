-- Outpatient numbers from a per-organization counter (issue 21): one row per organization, counter and period.
CREATE TABLE "pat_counter" (
	"organization_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"period" varchar(8) NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pat_counter" ADD CONSTRAINT "pat_counter_organization_id_sys_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."sys_organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pat_counter_uq" ON "pat_counter" USING btree ("organization_id","name","period");
