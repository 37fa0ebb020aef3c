import type { ReactNode } from 'react';
import { Card, Checkbox, Descriptions, Space, Timeline, Typography } from 'antd';
import type { MaterialKind } from '@rehab/shared';

/**
 * What a cross-organization request (remote consultation, referral) carries of the patient's record: snapshots of
 * the patient card, courses and assessment results (the telemedicine module's material snapshots), chosen when the
 * request is made and shown read-only to both sides; and the request's steps as a timeline.
 */
type Candidate = { kind: MaterialKind; refId: number; title: string; detail: string };
type Snapshot = { id: number; title: string; lines: { label: string; value: string }[] };

/** The key of a candidate in a checkbox group, and back to the `{ kind, refId }` a request sends. */
export const snapshotKey = (m: { kind: string; refId: number }) => `${m.kind}:${m.refId}`;
export const snapshotRefs = (keys: string[]) =>
  keys.map((key) => {
    const [kind, refId] = key.split(':');
    return { kind: kind as MaterialKind, refId: Number(refId) };
  });

/** The candidates to tick, as a checkbox group a Form.Item drives (`value`, `onChange`). */
export function SnapshotChecklist({
  candidates,
  testId,
  ...group
}: {
  candidates: Candidate[];
  testId: string;
  value?: string[];
  onChange?: (keys: string[]) => void;
}) {
  return (
    <Checkbox.Group {...group} style={{ display: 'flex', flexDirection: 'column', gap: 4 }} data-testid={testId}>
      {candidates.map((m) => (
        <Checkbox key={snapshotKey(m)} value={snapshotKey(m)}>
          <b>{m.title}</b> <span style={{ color: '#8c8c8c' }}>{m.detail}</span>
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}

/** The attached snapshots, one card each. */
export function SnapshotCards({ materials, minWidth = 320 }: { materials: Snapshot[]; minWidth?: number }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`, gap: 12 }}>
      {materials.map((m) => (
        <Card key={m.id} size="small" title={m.title} type="inner">
          <Descriptions column={1} size="small">
            {m.lines.map((l, i) => (
              <Descriptions.Item key={i} label={l.label}>
                {l.value || '—'}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ))}
    </div>
  );
}

type Step = { action: string; toStatus: string; actorName: string | null; reason: string | null; at: string };

/** The steps of a request: the action, the state it led to, when and by whom, and the reason given. */
export function StepTimeline({
  steps,
  action,
  status,
  when,
  nobody,
  red = ['rejected', 'expired'],
  grey = [],
  testId,
}: {
  steps: Step[];
  action: (action: string) => string;
  status: (status: string) => ReactNode;
  when: (at: string) => string;
  /** who acted when nobody did (the product) */
  nobody: string;
  red?: string[];
  grey?: string[];
  testId: string;
}) {
  return (
    <Timeline
      data-testid={testId}
      items={steps.map((h) => ({
        color: red.includes(h.toStatus) ? 'red' : grey.includes(h.toStatus) ? 'gray' : 'blue',
        content: (
          <Space orientation="vertical" size={0}>
            <Space>
              <b>{action(h.action)}</b>
              {status(h.toStatus)}
            </Space>
            <Typography.Text type="secondary">
              {when(h.at)} · {h.actorName ?? nobody}
            </Typography.Text>
            {h.reason && <Typography.Text>{h.reason}</Typography.Text>}
          </Space>
        ),
      }))}
    />
  );
}
