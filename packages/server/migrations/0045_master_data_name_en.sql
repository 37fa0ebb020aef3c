-- Issue 21 (layout): every named master-data entity keeps an English name, shown on English screens (the Chinese
-- name when it is empty), as units, posts and payment methods already do.
ALTER TABLE "sys_department" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_department" SET "name_en" = v.name_en
FROM (VALUES
  ('康复医学中心', 'Rehabilitation Medicine Center'),
  ('门诊部', 'Outpatient division'),
  ('住院部', 'Inpatient division'),
  ('护理部', 'Nursing division')
) AS v(name, name_en)
WHERE "sys_department"."name" = v.name AND "sys_department"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_office_type" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_office_type" SET "name_en" = v.name_en
FROM (VALUES
  ('门诊科室', 'Outpatient department'),
  ('住院科室', 'Inpatient department'),
  ('治疗科室', 'Treatment department'),
  ('医技科室', 'Medical technology department')
) AS v(name, name_en)
WHERE "sys_office_type"."name" = v.name AND "sys_office_type"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_functional" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_functional" SET "name_en" = v.name_en
FROM (VALUES
  ('关节活动度', 'Range of motion'),
  ('肌力', 'Muscle strength'),
  ('平衡功能', 'Balance'),
  ('步行能力', 'Walking'),
  ('浅感觉', 'Superficial sensation'),
  ('构音', 'Articulation'),
  ('吞咽功能', 'Swallowing'),
  ('注意力', 'Attention'),
  ('记忆力', 'Memory'),
  ('进食', 'Eating'),
  ('穿衣', 'Dressing')
) AS v(name, name_en)
WHERE "sys_functional"."name" = v.name AND "sys_functional"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_equipment_type" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_equipment_type" SET "name_en" = v.name_en
FROM (VALUES
  ('电疗设备', 'Electrotherapy'),
  ('运动治疗设备', 'Exercise therapy'),
  ('热疗设备', 'Thermotherapy'),
  ('牵引设备', 'Traction'),
  ('康复机器人', 'Rehabilitation robots')
) AS v(name, name_en)
WHERE "sys_equipment_type"."name" = v.name AND "sys_equipment_type"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_equipment" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_equipment" SET "name_en" = v.name_en
FROM (VALUES
  ('中频电疗仪', 'Medium-frequency stimulator'),
  ('低频脉冲治疗仪', 'Low-frequency pulse stimulator'),
  ('电动起立床', 'Electric tilt table'),
  ('颈腰椎牵引床', 'Cervical and lumbar traction table'),
  ('上肢康复机器人', 'Upper-limb rehabilitation robot')
) AS v(name, name_en)
WHERE "sys_equipment"."name" = v.name AND "sys_equipment"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_patient_type" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_patient_type" SET "name_en" = v.name_en
FROM (VALUES
  ('门诊患者', 'Outpatient'),
  ('住院患者', 'Inpatient'),
  ('社区康复', 'Community rehabilitation'),
  ('居家康复', 'Home rehabilitation')
) AS v(name, name_en)
WHERE "sys_patient_type"."name" = v.name AND "sys_patient_type"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_place" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_place" SET "name_en" = v.name_en
FROM (VALUES
  ('运动治疗大厅', 'Exercise therapy hall'),
  ('物理因子治疗室', 'Physical agents room'),
  ('作业治疗室', 'Occupational therapy room'),
  ('言语吞咽治疗室', 'Speech and swallowing room'),
  ('水疗室', 'Hydrotherapy room'),
  ('病房床旁', 'Ward bedside')
) AS v(name, name_en)
WHERE "sys_place"."name" = v.name AND "sys_place"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_treatment_plan_taboo" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_treatment_plan_taboo" SET "name_en" = v.name_en
FROM (VALUES
  ('心脏起搏器植入', 'Implanted pacemaker'),
  ('局部恶性肿瘤', 'Local malignant tumour'),
  ('急性软组织损伤48小时内', 'Acute soft-tissue injury (first 48 h)'),
  ('骨质疏松', 'Osteoporosis'),
  ('未控制的高血压', 'Uncontrolled hypertension'),
  ('深静脉血栓急性期', 'Acute deep vein thrombosis')
) AS v(name, name_en)
WHERE "sys_treatment_plan_taboo"."name" = v.name AND "sys_treatment_plan_taboo"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_treat_package" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_treat_package" SET "name_en" = v.name_en
FROM (VALUES
  ('颈肩康复10次套餐', 'Neck and shoulder, 10 sessions'),
  ('腰背康复10次套餐', 'Lower back, 10 sessions'),
  ('膝关节术后康复20次套餐', 'Knee after surgery, 20 sessions'),
  ('脑卒中康复30次套餐', 'Stroke rehabilitation, 30 sessions'),
  ('儿童康复季度套餐', 'Paediatric rehabilitation, quarterly')
) AS v(name, name_en)
WHERE "sys_treat_package"."name" = v.name AND "sys_treat_package"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_quality_control" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_quality_control" SET "name_en" = v.name_en
FROM (VALUES
  ('康复评定率', 'Rehabilitation assessment rate'),
  ('康复治疗有效率', 'Treatment effectiveness rate'),
  ('早期康复介入率', 'Early rehabilitation rate'),
  ('治疗相关不良事件发生率', 'Treatment adverse event rate'),
  ('康复医师与床位比', 'Rehabilitation physicians per bed')
) AS v(name, name_en)
WHERE "sys_quality_control"."name" = v.name AND "sys_quality_control"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_performance_set" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_performance_set" SET "name_en" = v.name_en
FROM (VALUES
  ('运动疗法绩效', 'Exercise therapy'),
  ('作业疗法绩效', 'Occupational therapy'),
  ('言语训练绩效', 'Speech training'),
  ('针灸绩效', 'Acupuncture')
) AS v(name, name_en)
WHERE "sys_performance_set"."name" = v.name AND "sys_performance_set"."name_en" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_product_info" ADD COLUMN "name_en" varchar(64);--> statement-breakpoint
UPDATE "sys_product_info" SET "name_en" = v.name_en
FROM (VALUES
  ('家用上下肢康复训练器', 'Home arm and leg trainer'),
  ('助行器（四轮带座）', 'Rollator with seat'),
  ('低频脉冲治疗仪', 'Low-frequency pulse stimulator'),
  ('弹力带套装', 'Resistance band set')
) AS v(name, name_en)
WHERE "sys_product_info"."name" = v.name AND "sys_product_info"."name_en" IS NULL;
