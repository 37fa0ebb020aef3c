-- When the assessment was actually done (issue 21): the evaluator enters it on submission (now or earlier, not before
-- the course was registered), so a report is not dated by the moment it was typed in. Records submitted before this
-- have none; their time is the submission time.
ALTER TABLE "asm_record" ADD COLUMN "assessed_at" timestamp with time zone;
