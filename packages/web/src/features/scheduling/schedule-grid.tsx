import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DONE_CARD_STATUSES, type ScheduleCard, type ScheduleEntry } from '@rehab/shared';
import type { SelectorOption } from './api';

type Row = { id: number; name: string };
const therapistOf = (c: ScheduleCard) => c.therapistId;
const equipmentOf = (c: ScheduleCard) => c.equipmentId;
type GridFilters = { equipmentId?: number; therapistId?: number };

/**
 * The rows of one grid: the organization's therapists (or equipment) in the selector's order, then any the day's
 * cards name that the list lacks (a therapist whose role changed since the booking), narrowed to the one filtered on.
 */
function rowsOf(
  listed: Row[],
  cards: ScheduleCard[],
  idOf: (c: ScheduleCard) => number | null,
  nameOf: (c: ScheduleCard) => string | null,
  only?: number,
) {
  const rows = new Map<number, Row>(listed.map((r) => [r.id, r]));
  for (const c of cards) {
    const id = idOf(c);
    if (id !== null && !rows.has(id)) rows.set(id, { id, name: nameOf(c) ?? String(id) });
  }
  const all = [...rows.values()];
  return only ? all.filter((r) => r.id === only) : all;
}

/**
 * The master mode of the schedule view (issue 21, finding 10): two grids, therapists x time slots and equipment x
 * time slots, each cell listing the patients and projects booked there and free cells marked free. Built from the
 * day's cards of viewMasterList and the therapist and equipment lists of the selector; plain table elements, so a day
 * of hundreds of cards stays cheap to draw.
 */
export const MasterGrid = memo(function MasterGrid({
  slots,
  therapists,
  equipment,
  filters,
  showEquipment,
  showTeam,
}: {
  slots: ScheduleEntry[];
  therapists: SelectorOption[];
  equipment: SelectorOption[];
  filters: GridFilters;
  showEquipment: boolean;
  showTeam: boolean;
}) {
  const { t } = useTranslation('scheduling');
  const cards = useMemo(() => slots.flatMap((s) => s.referral), [slots]);
  const therapistRows = useMemo(
    () =>
      rowsOf(
        therapists.map((o) => ({ id: Number(o.therapistId), name: String(o.therapistName ?? '') })),
        cards,
        therapistOf,
        (c) => c.therapistName,
        filters.therapistId,
      ),
    [therapists, cards, filters.therapistId],
  );
  const equipmentRows = useMemo(
    () =>
      rowsOf(
        equipment.map((o) => ({ id: Number(o.equipmentId), name: String(o.equipmentName ?? '') })),
        cards,
        equipmentOf,
        (c) => c.equipmentName,
        filters.equipmentId,
      ),
    [equipment, cards, filters.equipmentId],
  );
  return (
    <div className="sv-grids">
      <Grid
        testId="sv-grid-therapists"
        corner={t('view.therapist')}
        rows={therapistRows}
        slots={slots}
        rowOf={therapistOf}
        lineOf={(c) =>
          [showEquipment ? c.equipmentName : null, showTeam ? c.treatmentTeamName : null].filter(Boolean).join(' · ')
        }
      />
      {showEquipment && (
        <Grid
          testId="sv-grid-equipment"
          corner={t('view.equipment')}
          rows={equipmentRows}
          slots={slots}
          rowOf={equipmentOf}
          lineOf={(c) =>
            showTeam && c.treatmentTeamName ? `${c.therapistName} · ${c.treatmentTeamName}` : c.therapistName
          }
        />
      )}
    </div>
  );
});

function Grid({
  testId,
  corner,
  rows,
  slots,
  rowOf,
  lineOf,
}: {
  testId: string;
  corner: string;
  rows: Row[];
  slots: ScheduleEntry[];
  rowOf: (c: ScheduleCard) => number | null;
  lineOf: (c: ScheduleCard) => string;
}) {
  const { t } = useTranslation('scheduling');
  // the cards of each row and slot, `${rowId}|${slotId}`
  const cells = useMemo(() => {
    const map = new Map<string, ScheduleCard[]>();
    for (const s of slots) {
      for (const c of s.referral) {
        const row = rowOf(c);
        if (row === null) continue;
        const key = `${row}|${s.id}`;
        map.set(key, [...(map.get(key) ?? []), c]);
      }
    }
    return map;
  }, [slots, rowOf]);
  const free = t('view.free');
  const done = t('view.done');
  return (
    <div className="sv-grid-wrap">
      <table className="sv-grid" data-testid={testId}>
        <thead>
          <tr>
            <th className="sv-grid-corner">{corner}</th>
            {slots.map((s) => (
              <th key={s.id} className={`sv-grid-slot sv-slot-${s.status}`}>
                {s.timeQuantum}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="sv-grid-none" colSpan={slots.length + 1}>
                {t('view.noRows')}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.id} data-testid="sv-grid-row" data-name={r.name}>
                <th className="sv-grid-name" scope="row">
                  {r.name}
                </th>
                {slots.map((s) => {
                  const booked = cells.get(`${r.id}|${s.id}`) ?? [];
                  return booked.length === 0 ? (
                    <td key={s.id} className="sv-cell sv-cell-free" data-testid="sv-cell" data-free="true">
                      {free}
                    </td>
                  ) : (
                    <td key={s.id} className="sv-cell" data-testid="sv-cell" data-free="false">
                      {booked.map((c) => {
                        const isDone = DONE_CARD_STATUSES.includes(c.status);
                        const line = lineOf(c);
                        return (
                          <div
                            key={c.id}
                            className={`sv-grid-card${isDone ? ' sv-card-done' : ''}`}
                            data-testid="sv-card"
                            data-status={c.status}
                          >
                            <div className="sv-card-head">
                              <span className="sv-card-name">{c.patientName}</span>
                              {isDone && <span className="sv-tag sv-tag-orange sv-card-done-tag">{done}</span>}
                            </div>
                            <div className="sv-card-project">{c.projectName}</div>
                            {line && <div className="sv-card-line">{line}</div>}
                          </div>
                        );
                      })}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
