import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const personSchedule = (kind: 'therapist' | 'patient') => async () => {
  const { PersonSchedulePage } = await import('../../features/scheduling/person-schedule-page');
  return function PersonSchedule() {
    return <PersonSchedulePage kind={kind} />;
  };
};

/** Scheduling inside the shell (the schedule view and the hospital-system entry are in no-sidebar.ts). */
export const schedulingRoutes: ScreenRoute[] = [
  {
    path: paths.scheduleTable,
    menu: paths.scheduleTable,
    screen: async () => (await import('../../features/scheduling/schedule-table-page')).ScheduleTablePage,
  },
  {
    path: paths.therapistLeave,
    menu: paths.therapistLeave,
    screen: async () => (await import('../../features/scheduling/leave-pages')).TherapistLeavePage,
  },
  { path: paths.therapistSchedule, menu: paths.therapistSchedule, screen: personSchedule('therapist') },
  { path: paths.therapistScheduleMaster, menu: '/schedule/therapist/master', screen: personSchedule('therapist') },
  { path: paths.patientSchedule, menu: paths.patientSchedule, screen: personSchedule('patient') },
  {
    path: paths.shiftManage,
    menu: paths.shiftManage,
    screen: async () => (await import('../../features/scheduling/shift-manage-page')).ShiftManagePage,
  },
  {
    path: paths.doctorSchedule,
    menu: paths.doctorSchedule,
    screen: async () => (await import('../../features/scheduling/doctor-schedule-page')).DoctorSchedulePage,
  },
  {
    path: paths.therapistSubstitute,
    menu: paths.therapistSubstitute,
    screen: async () => (await import('../../features/scheduling/leave-pages')).TherapistSubstitutePage,
  },
];
