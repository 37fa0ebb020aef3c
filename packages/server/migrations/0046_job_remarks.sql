-- Issue 21 (layout): the shipped jobs lose their two-language remarks ("工单过期处理 / expire work orders" showed both
-- languages on both screens). The jobs list names a job by its type in the user's language; a remark is the
-- administrator's own note. Only the remarks the migrations wrote are cleared, an administrator's edit stays.
UPDATE "sys_schedule_job" SET "remark" = '' WHERE ("bean_name", "remark") IN (
	('workOrderExpire', '工单过期处理 / expire work orders'),
	('workOrderGenerate', '生成治疗工单 / generate work orders'),
	('performanceFacts', '绩效日计算 / daily performance facts'),
	('deviceOnlineCheck', '设备在线检查 / device online check'),
	('deviceSessionTimeout', '设备训练超时关闭 / close silent device sessions'),
	('deviceSampleRetention', '设备原始数据清理 / device sample retention'),
	('heartbeatCheck', '接口心跳检查 / interface heartbeat check'),
	('remoteConsultationExpire', '远程会诊过期处理 / remote consultation expiry'),
	('caCertificateExpiry', 'CA 证书到期提醒 / CA certificate expiry reminder'),
	('contentPublish', '内容定时发布 / scheduled content publishing'),
	('tubeChangeDue', '管路更换提醒 / tube change reminder'),
	('leaseOverdue', '租赁逾期标记 / lease overdue marking')
);
