-- Post small types get an English name (as post types have): shown on English screens, the Chinese name when empty.
ALTER TABLE "sys_post_small_type" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
-- the English names of the demo rows already seeded (a fresh database gets them from the seed)
UPDATE "sys_post_small_type" SET "name_en" = v.name_en
FROM (VALUES
  ('康复医师', 'Rehabilitation physician'),
  ('物理治疗师（PT）', 'Physical therapist (PT)'),
  ('作业治疗师（OT）', 'Occupational therapist (OT)'),
  ('言语治疗师（ST）', 'Speech therapist (ST)'),
  ('康复护士', 'Rehabilitation nurse')
) AS v(name, name_en)
WHERE "sys_post_small_type"."name" = v.name AND "sys_post_small_type"."name_en" IS NULL;
