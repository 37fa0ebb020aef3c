-- Issue 21 (layout): therapist groups keep an English name, shown on English screens (the Chinese name when it is
-- empty), as the other named master data does since 0045; the demo groups get theirs.
ALTER TABLE "sys_treatment_team" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_treatment_team" SET "name_en" = v.name_en
FROM (VALUES
  ('运动治疗组', 'Exercise therapy group'),
  ('作业与言语治疗组', 'Occupational and speech therapy group')
) AS v(name, name_en)
WHERE "sys_treatment_team"."name" = v.name AND "sys_treatment_team"."name_en" IS NULL;
