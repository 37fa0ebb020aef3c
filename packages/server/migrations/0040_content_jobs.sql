-- the scheduled publishing job of the mini-program content (modules/content/content.jobs.ts): every minute
INSERT INTO "sys_schedule_job" ("bean_name", "params", "cron_expression", "remark") VALUES
	('contentPublish', '{}', '0 * * * * ?', '内容定时发布 / scheduled content publishing');
