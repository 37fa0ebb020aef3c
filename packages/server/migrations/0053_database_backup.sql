-- The embedded database's nightly backup (modules/jobs/backup.job.ts, issue 22 item 7): 14 copies, at most 30 days
-- old, in BACKUP_DIR. On PostgreSQL the job only reports that it does nothing (README: pg_dump, WAL archiving).
INSERT INTO "sys_schedule_job" ("bean_name", "params", "cron_expression") VALUES
	('databaseBackup', '{"keepCount": 14, "keepDays": 30}', '0 15 3 * * ?');
