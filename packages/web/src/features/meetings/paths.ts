import { href, paths } from '../../lib/paths';

/** Screen paths of the assessment meetings (spec section 2, /recovery/meeting/...). */
export const meetingPaths = { list: paths.meetingList, detail: paths.meetingDetail } as const;

/** The meeting list; user type 0 (all) has no segment. */
export const meetingListPath = (userType = 0) => href(paths.meetingList, { userType: userType || null });
export const meetingDetailPath = (id: number, readOnly = false) =>
  href(paths.meetingDetail, { id, disable: readOnly ? 1 : null });
