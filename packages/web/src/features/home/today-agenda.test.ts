import { describe, expect, it } from 'vitest';
import { orderAgenda, type AgendaItem } from './today-agenda';

const item = (workOrderId: number, start: string | null, end: string | null, status = 1): AgendaItem => ({
  workOrderId,
  patientId: workOrderId,
  patientName: `P${workOrderId}`,
  bedNumber: null,
  projectName: 'PT',
  start,
  end,
  equipmentName: null,
  therapistName: null,
  status,
});

describe('orderAgenda', () => {
  it('lists the next patient first, then unbooked, missed and done orders', () => {
    const { list, next } = orderAgenda(
      [
        item(1, '08:00', '08:30', 3),
        item(2, '09:00', '09:30'),
        item(3, '10:00', '10:30'),
        item(4, null, null),
        item(5, '08:30', '09:00'),
      ],
      '09:10',
    );
    expect(next?.workOrderId).toBe(2);
    expect(list.map((i) => i.workOrderId)).toEqual([2, 3, 4, 5, 1]);
  });
  it('has no next patient when every slot of the day is over', () => {
    expect(orderAgenda([item(1, '08:00', '08:30')], '18:00').next).toBeNull();
  });
});
