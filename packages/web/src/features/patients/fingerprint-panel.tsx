import { useEffect, useState } from 'react';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Where a fingerprint reader's device bridge answers: a small local service next to the reader (the product ships
 * none yet). The panel asks it for its status; anything but a proper answer means no device.
 */
export const FINGERPRINT_BRIDGE = 'http://127.0.0.1:24008/fingerprint/status';

type State = { phase: 'checking' } | { phase: 'none' } | { phase: 'ready'; name: string };

/** Looks for the device bridge once (1.5 s); never throws. */
export async function detectFingerprintDevice(url = FINGERPRINT_BRIDGE): Promise<{ name: string } | null> {
  try {
    // not an API call: the fingerprint reader's bridge on this computer, without the API's token or envelope
    const res = await fetch(url, { signal: AbortSignal.timeout(1500) });
    if (!res.ok) return null;
    const body = (await res.json()) as { connected?: boolean; name?: string };
    return body.connected ? { name: body.name ?? 'fingerprint reader' } : null;
  } catch {
    return null;
  }
}

type Probe = { name: string } | null;
let probed: Promise<Probe> | null = null;
const PROBE_KEY = 'fingerprintProbe';

/**
 * The device bridge, looked for once per browser session (issue 21: a probe on every patient detail filled the
 * console with refused connections): the answer is kept for the tab, over page loads; `again` looks afresh.
 */
export function probeFingerprintOnce(again = false, detect = detectFingerprintDevice): Promise<Probe> {
  if (!again && !probed) {
    try {
      const kept = sessionStorage.getItem(PROBE_KEY);
      if (kept !== null) probed = Promise.resolve(JSON.parse(kept) as Probe);
    } catch {
      /* no session storage: probe */
    }
  }
  if (again || !probed) {
    probed = detect().then((device) => {
      try {
        sessionStorage.setItem(PROBE_KEY, JSON.stringify(device));
      } catch {
        /* kept in memory only */
      }
      return device;
    });
  }
  return probed;
}

/** The fingerprint panel of the patient detail: one quiet line when no device is there, and breaks nothing. */
export function FingerprintPanel() {
  const { t } = useTranslation('patients');
  const [state, setState] = useState<State>({ phase: 'checking' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    void probeFingerprintOnce(attempt > 0).then((device) => {
      if (alive) setState(device ? { phase: 'ready', name: device.name } : { phase: 'none' });
    });
    return () => {
      alive = false;
    };
  }, [attempt]);
  const check = () => {
    setState({ phase: 'checking' });
    setAttempt((n) => n + 1);
  };
  return (
    <Card size="small" title={t('fingerprint.title')} data-testid="fingerprint-panel">
      {state.phase === 'checking' && (
        <Space>
          <Spin size="small" /> {t('fingerprint.checking')}
        </Space>
      )}
      {state.phase === 'none' && (
        <Space wrap size={4} data-testid="fingerprint-none">
          <Typography.Text type="secondary" title={t('fingerprint.noneHint')}>
            {t('fingerprint.none')}
          </Typography.Text>
          <Button size="small" type="link" onClick={check} data-testid="fingerprint-retry">
            {t('fingerprint.retry')}
          </Button>
        </Space>
      )}
      {state.phase === 'ready' && (
        <Alert type="success" showIcon title={t('fingerprint.ready', { name: state.name })} />
      )}
    </Card>
  );
}
