-- The daily work-order jobs (modules/work-orders/work-orders.jobs.ts): expire unfinished orders of past days at
-- 00:01, then generate the orders of the coming days (today + 6) at 00:05, on the clinic's clock.
INSERT INTO "sys_schedule_job" ("bean_name", "params", "cron_expression", "remark") VALUES
	('workOrderExpire', '{}', '0 1 0 * * ?', '工单过期处理 / expire work orders'),
	('workOrderGenerate', '{"days": 7}', '0 5 0 * * ?', '生成治疗工单 / generate work orders');
