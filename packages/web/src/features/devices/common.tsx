import { useEffect, useState } from 'react';
import { Select, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { devicesEndpoints, deviceTopic, type DeviceState } from '@rehab/shared';
import { useEndpointQuery } from '../../lib/endpoints';
import { useDoorbell } from '../../lib/live-messages';
import { useSession } from '../../lib/session';

const STATE_COLOR: Record<DeviceState, string> = {
  online: 'green',
  offline: 'red',
  disabled: 'default',
  notReporting: 'blue',
};

/** A device's state as a coloured tag. */
export function StateTag({ state }: { state: DeviceState }) {
  const { t } = useTranslation('devices');
  return (
    <Tag color={STATE_COLOR[state]} data-testid="device-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

/** `12:03:04` style duration of seconds. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '-';
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
}

export const timeText = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '-');

/**
 * The organization's device doorbell (MQTT `web/device/<org>`): every ring refetches the device calls, a burst of
 * rings (a batch every second) at most once per `settleMs`.
 */
export function useLiveDevices(settleMs = 300) {
  const { organization } = useSession();
  const queryClient = useQueryClient();
  useDoorbell(
    organization ? deviceTopic(organization.id) : null,
    () => void queryClient.invalidateQueries({ queryKey: ['sys', 'device'] }),
    { settleMs },
  );
}

/** The device chosen in the query (`?id=`), defaulting to the first one; with its picker. */
export function useChosenDevice() {
  const { t } = useTranslation('devices');
  const [search, setSearch] = useSearchParams();
  const list = useEndpointQuery(devicesEndpoints.monitor, {}, { select: (r) => r.data.devices });
  const wanted = Number(search.get('id')) || null;
  const id = wanted ?? list.data?.[0]?.id ?? null;
  const picker = (
    <Select
      style={{ minWidth: 260 }}
      aria-label={t('devicePicker')}
      value={id ?? undefined}
      loading={list.isLoading}
      data-testid="device-picker"
      options={(list.data ?? []).map((d) => ({
        value: d.id,
        label: `${d.code}${d.equipmentName ? ` · ${d.equipmentName}` : ''}`,
      }))}
      onChange={(v: number) => setSearch({ id: String(v) })}
    />
  );
  return { id, picker, loading: list.isLoading };
}

/**
 * The browser's now, ticking every second (timers on Playwright's clock in the browser tests): the HUD's elapsed
 * time and the online state shown between two refreshes. Clinic computers keep their clocks by NTP.
 */
export function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
