import { describe, expect, it } from 'vitest';
import { orgTitle } from './org-title';

describe('orgTitle', () => {
  it('keeps a title of at most 14 characters whole', () => {
    expect(orgTitle('康复示范医院', false)).toEqual({ text: '康复示范医院', cut: false });
    expect(orgTitle('一二三四五六七八九十一二三四', false)).toEqual({
      text: '一二三四五六七八九十一二三四',
      cut: false,
    });
  });
  it('cuts a longer title to 14 characters and marks it', () => {
    expect(orgTitle('East District Community Rehab Centre', false)).toEqual({ text: 'East District …', cut: true });
    expect(orgTitle('一二三四五六七八九十一二三四五', false)).toEqual({
      text: '一二三四五六七八九十一二三四…',
      cut: true,
    });
  });
  it('cuts to 2 characters when the sidebar is collapsed', () => {
    expect(orgTitle('康复示范医院', true)).toEqual({ text: '康复…', cut: true });
    expect(orgTitle('总院', true)).toEqual({ text: '总院', cut: false });
  });
  it('counts characters, not UTF-16 units', () => {
    expect(orgTitle('𠀀𠀁𠀂', true)).toEqual({ text: '𠀀𠀁…', cut: true });
  });
  it('ignores surrounding spaces', () => {
    expect(orgTitle('  总院 ', false)).toEqual({ text: '总院', cut: false });
  });
});
