import { describe, expect, it } from 'vitest';
import { entityByName, type EntityRow } from '@rehab/shared';
import { cellText, tableText } from './cell-text';

const equipment = entityByName('equipment')!;
const words = { yes: '是', no: '否' };
const row: EntityRow = {
  id: 1,
  name: '中频电疗仪',
  equipmentTypeId: 3,
  equipmentTypeName: '电疗设备',
  status: 0,
  bedside: true,
  leasePrice: 25.5,
  purchaseDate: '2023-03-15',
  model: null,
  updatedAt: '2026-01-15T08:30:05.000Z',
};

describe('cellText', () => {
  it('shows codes, references, flags and money as words', () => {
    expect(cellText(equipment, 'status', row, 'zh-CN', words)).toBe('停用');
    expect(cellText(equipment, 'status', row, 'en', words)).toBe('Disabled');
    expect(cellText(equipment, 'equipmentTypeId', row, 'zh-CN', words)).toBe('电疗设备');
    expect(cellText(equipment, 'bedside', row, 'zh-CN', words)).toBe('是');
    expect(cellText(equipment, 'bedside', { ...row, bedside: false }, 'zh-CN', words)).toBe('否');
    expect(cellText(equipment, 'leasePrice', row, 'zh-CN', words)).toBe('25.50');
    expect(cellText(equipment, 'purchaseDate', row, 'zh-CN', words)).toBe('2023-03-15');
  });
  it('leaves empty values empty and formats times', () => {
    expect(cellText(equipment, 'model', row, 'zh-CN', words)).toBe('');
    expect(cellText(equipment, 'leasePrice', { ...row, leasePrice: null }, 'zh-CN', words)).toBe('');
    expect(cellText(equipment, 'updatedAt', row, 'zh-CN', words)).toMatch(/^2026-01-15 \d{2}:30:05$/);
    expect(cellText(equipment, 'createdAt', row, 'zh-CN', words)).toBe('');
  });
  it('turns rows into the text of the shown columns, in their order', () => {
    expect(tableText(equipment, ['status', 'name'], [row], 'en', words)).toEqual([['Disabled', '中频电疗仪']]);
  });
});
