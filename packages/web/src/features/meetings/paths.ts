import { paths } from '../../lib/paths';

/** Screen paths of the assessment meetings (spec section 2, /recovery/meeting/...). */
export const meetingPaths = { list: paths.meetingList, detail: paths.meetingDetail } as const;

export const meetingListPath = (userType = 0) =>
  userType ? `/recovery/meeting/list/${userType}` : '/recovery/meeting/list';
export const meetingDetailPath = (id: number, readOnly = false) =>
  `/recovery/meeting/detail/${id}${readOnly ? '/1' : ''}`;
