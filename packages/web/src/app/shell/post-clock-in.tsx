import { useMemo, useState } from 'react';
import { App, Button, Empty, Modal, Radio, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  checkinEndpoints,
  isClockInEligible,
  isClockInPrompted,
  isClockInShown,
  preselectedTeamId,
  workloadEndpoints,
} from '@rehab/shared';
import { endpointKey, invalidateEndpoints, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { session, useSession } from '../../lib/session';

/**
 * Post clock-in (spec section 4): a header control for treating staff (roles 10, 11, 12 and not 1) holding
 * `sys:user:clockIn` when the organization asks for it (`needCheckIn`). It shows today's post; the dialog opens by
 * itself on the first screen after signing in when the user has not clocked in today, preselecting the default
 * team. Success shows the server's success message and sets today's (last-checked) post; `isFirst` is cleared when
 * the dialog closes. The queries are keyed by organization, so an organization change reloads the flag and the post.
 */
export function PostClockIn() {
  const { t } = useTranslation('workload');
  const { message, modal } = App.useApp();
  const { token, organization, roleIdList, permissions, isFirst } = useSession();
  const queryClient = useQueryClient();
  const organizationId = organization?.id;
  const eligible = Boolean(token && organizationId) && isClockInEligible(roleIdList);

  const need = useEndpointQuery(
    checkinEndpoints.needCheckIn,
    {},
    { keySuffix: [organizationId], select: (r) => r.data.needCheckIn, enabled: eligible, staleTime: 5 * 60_000 },
  );
  const shown = isClockInShown({ roleIds: roleIdList, permissions, needCheckIn: need.data });
  const today = useEndpointQuery(
    checkinEndpoints.todayCheck,
    {},
    { keySuffix: [organizationId], select: (r) => r.data, enabled: shown, staleTime: 60_000 },
  );
  const [opened, setOpened] = useState(false);
  const prompted = isClockInPrompted({
    roleIds: roleIdList,
    permissions,
    needCheckIn: need.data,
    isFirst,
    checkedToday: today.isSuccess ? today.data !== null : undefined,
  });
  // the dialog opens by itself while prompted; closing it clears isFirst, which ends the prompt
  const open = opened || prompted;
  const teams = useEndpointQuery(
    checkinEndpoints.teams,
    {},
    { keySuffix: [organizationId], select: (r) => r.data, enabled: shown && open },
  );
  /** the user's pick; until there is one, the preselected team */
  const [picked, setPicked] = useState<number | null>(null);

  // preselect once the list is there: today's post, else the default team, else the only one
  const preselected = useMemo(
    () =>
      teams.data
        ? preselectedTeamId({
            todayTeamId: today.data?.teamId,
            defaultTeamId: teams.data.defaultTeam?.id,
            teamIds: teams.data.teamList.map((x) => x.id),
          })
        : null,
    [teams.data, today.data],
  );
  const chosen = picked ?? preselected;

  const check = useEndpointMutation(checkinEndpoints.check, {
    onSuccess: (res) => {
      queryClient.setQueryData([...endpointKey(checkinEndpoints.todayCheck), organizationId], res);
      void invalidateEndpoints(queryClient, [['workload'], ...Object.values(workloadEndpoints)]);
      message.success(res.msg || t('clockIn.success', { name: res.data.teamName }));
      close();
    },
    onError: (error) => {
      modal.error({
        title: t('clockIn.failed'),
        content: error instanceof Error && error.message ? error.message : t('clockIn.failedRetry'),
      });
    },
  });

  function close() {
    setOpened(false);
    setPicked(null);
    if (session.get().isFirst) session.update({ isFirst: false });
  }

  if (!shown) return null;
  const post = today.data;
  const mine = teams.data?.teamList.filter((x) => x.member) ?? [];
  const others = teams.data?.teamList.filter((x) => !x.member) ?? [];

  return (
    <>
      <Tooltip title={post ? t('clockIn.changeHint') : undefined}>
        <Button
          type={post ? 'text' : 'primary'}
          ghost={false}
          icon={<ClockCircleOutlined />}
          onClick={() => setOpened(true)}
          data-testid="clock-in-button"
        >
          {post ? t('clockIn.current', { name: post.teamName }) : t('clockIn.button')}
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('clockIn.title')}
        okText={t('clockIn.submit')}
        cancelText={t('common:action.cancel')}
        onCancel={close}
        onOk={() =>
          chosen &&
          check.mutate({
            body: { treatmentTeamId: chosen, name: teams.data?.teamList.find((x) => x.id === chosen)?.name },
          })
        }
        okButtonProps={{ disabled: !chosen, 'data-testid': 'clock-in-submit' } as never}
        confirmLoading={check.isPending}
        destroyOnHidden
        width={480}
      >
        <div data-testid="clock-in-dialog">
          {post && (
            <Typography.Paragraph type="secondary">
              {t('clockIn.already', { name: post.teamName, time: new Date(post.checkedAt).toLocaleTimeString() })}
            </Typography.Paragraph>
          )}
          {teams.isLoading ? (
            <Spin />
          ) : !teams.data?.teamList.length ? (
            <Empty description={t('clockIn.noTeams')} />
          ) : (
            <Radio.Group value={chosen} onChange={(e) => setPicked(e.target.value as number)} style={{ width: '100%' }}>
              {[
                { label: t('clockIn.myTeams'), list: mine },
                { label: t('clockIn.otherTeams'), list: others },
              ]
                .filter((g) => g.list.length)
                .map((g) => (
                  <div key={g.label} style={{ marginBottom: 12 }}>
                    <Typography.Text type="secondary">{g.label}</Typography.Text>
                    <Space direction="vertical" style={{ display: 'flex', marginTop: 6 }}>
                      {g.list.map((x) => (
                        <Radio key={x.id} value={x.id}>
                          {x.name}
                          {post?.teamId === x.id ? (
                            <Tag color="green" style={{ marginInlineStart: 8 }}>
                              {t('clockIn.today')}
                            </Tag>
                          ) : (
                            teams.data?.defaultTeam?.id === x.id && (
                              <Tag color="blue" style={{ marginInlineStart: 8 }}>
                                {t('clockIn.default')}
                              </Tag>
                            )
                          )}
                        </Radio>
                      ))}
                    </Space>
                  </div>
                ))}
            </Radio.Group>
          )}
        </div>
      </Modal>
    </>
  );
}
