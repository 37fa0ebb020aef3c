import { describe, expect, expectTypeOf, it } from 'vitest';
import { href, paths } from './paths';

describe('href', () => {
  it('writes a pattern without parameters as it is', () => {
    expect(href(paths.home)).toBe('/home');
    expect(href(paths.root)).toBe('/');
  });
  it('fills required parameters and keeps given optional ones, 0 included', () => {
    expect(
      href(paths.patientDetail, { id: 12, treatmentId: 34, showChineseDiagnosis: 0, associationFingerprint: 0 }),
    ).toBe('/patient/detail/12/34/0/0');
    expect(href(paths.meetingDetail, { id: 5, disable: 1 })).toBe('/recovery/meeting/detail/5/1');
  });
  it('drops optional parameters that are absent', () => {
    expect(href(paths.sendNews)).toBe('/email/send-news');
    expect(href(paths.sendNews, { emailId: undefined })).toBe('/email/send-news');
    expect(href(paths.sendNews, { emailId: 7 })).toBe('/email/send-news/7');
    expect(href(paths.meetingDetail, { id: 5, disable: null })).toBe('/recovery/meeting/detail/5');
    expect(href(paths.gauge, { projectId: 1, methodId: 2 })).toBe('/gauge/1/2');
  });
  it('encodes the values', () => {
    expect(href(paths.patientReport, { patientId: 3, patientName: '张 三/x' })).toBe(
      `/patient/report/3/${encodeURIComponent('张 三/x')}`,
    );
    expect(href(paths.scale, { code: 'a b' })).toBe('/SubFirsScale/platFormTemplate/a%20b');
  });
  it('adds a query string without the absent entries', () => {
    expect(href(paths.myCenter, {}, { tab: 'password' })).toBe('/my-center?tab=password');
    expect(href(paths.schedulingView, { master: 'master' }, { his: true, id: 9, x: undefined })).toBe(
      '/schedulingView/master?his=true&id=9',
    );
    expect(href(paths.recoveryViewReport, {}, {})).toBe('/recovery/view-report');
  });
  it('throws on a missing required parameter', () => {
    expect(() => href(paths.orderDetail, {} as never)).toThrow(/:id/);
  });
  it('types the parameters from the pattern', () => {
    expectTypeOf(href<typeof paths.orderDetail>)
      .parameter(1)
      .toEqualTypeOf<{ id: string | number } & { page?: string | number | null; path?: string | number | null }>();
    // checked by tsc (npm run typecheck), never run
    const typeErrors = () => {
      // @ts-expect-error a required parameter is missing
      href(paths.orderDetail, { page: 1 });
      // @ts-expect-error an unknown parameter
      href(paths.orderDetail, { id: 1, nope: 2 });
      // @ts-expect-error the parameters of a pattern with required ones cannot be left out
      href('/email/news-info/:emailId');
    };
    expect(typeErrors).toBeTypeOf('function');
  });
});
