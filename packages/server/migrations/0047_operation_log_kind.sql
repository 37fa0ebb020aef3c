-- The operation log's type (issue 21, finding 13): create, update, delete, signIn, signOut, export, import, other.
-- Rows written before carry no type: they are classified from their path's last word as the server does
-- (packages/shared/src/schemas/operation-kind.ts). Rows of list and lookup calls recorded before reads stopped
-- being logged become `read`: kept (an audit trail is not rewritten; the retention job ages them out) but left out
-- of the list unless asked for.
ALTER TABLE "sys_log" ADD COLUMN "kind" varchar(16) DEFAULT 'other' NOT NULL;
--> statement-breakpoint
UPDATE "sys_log" SET "kind" = CASE
	WHEN "url" LIKE '/sys/statistics/%' OR "url" LIKE '/sys/doctorPerformance/%' OR "url" IN (
		'/sys/achievement/therapist/detail', '/sys/achievement/therapist/projects', '/sys/achievement/workload/daily',
		'/sys/achievement/month/status', '/sys/workload/daily', '/sys/pay/bill', '/sys/pay/daily',
		'/sys/pay/account/entries', '/sys/pay/shift/current', '/sys/checkin/needCheckIn', '/sys/checkin/todayCheck',
		'/sys/meeting/patients', '/sys/patient/recommendPlan', '/sys/user/checkOnlineUser', '/sys/config/stopList',
		'/hisHeartbeat/incidents', '/scales/:code/score'
	) THEN 'read'
	WHEN w ~* '^(list\w*|view\w*|pageinfo|page|info|select\w*|get\w*|count\w*|query\w*)$' THEN 'read'
	WHEN w ~* '^(login\w*|signin\w*|confirmlogin\w*|scan\w*login\w*)$' THEN 'signIn'
	WHEN w ~* '^(logout\w*|signout\w*)$' THEN 'signOut'
	WHEN w ~* '^(export\w*|download\w*|print\w*)$' THEN 'export'
	WHEN w ~* '^(import\w*|upload\w*)$' THEN 'import'
	WHEN w ~* '^(delete\w*|del|remove\w*|batchdelete\w*)$' THEN 'delete'
	WHEN w ~* '^(add\w*|create\w*|insert\w*|register\w*|new\w*)$' THEN 'create'
	WHEN w ~* '^(update\w*|edit\w*|modify\w*|change\w*|set\w*|reset\w*|enable\w*|disable\w*|move\w*|sort\w*)$' THEN 'update'
	WHEN w ~ '[a-z](List|Page|Count|Get|Detail|Info|Load|Data)$' THEN 'read'
	WHEN "method" = 'DELETE' THEN 'delete'
	WHEN "method" = 'PUT' THEN 'update'
	WHEN w ~* '^save\w*$' THEN
		CASE WHEN coalesce("params"->'body'->>'id', '') IN ('', '0') THEN 'create' ELSE 'update' END
	WHEN "operation" = 'ca qrLogin signIn' THEN 'signIn'
	ELSE 'other'
END
FROM (SELECT "id" AS wid, coalesce((regexp_match("url", '/([^/:][^/]*)(?:/:[^/]+)*$'))[1], '') AS w FROM "sys_log") words
WHERE words.wid = "sys_log"."id";
--> statement-breakpoint
CREATE INDEX "sys_log_org_kind_time_idx" ON "sys_log" USING btree ("organization_id","kind","created_at");
