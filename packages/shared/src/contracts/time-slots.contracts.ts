import { z } from 'zod';
import { saveTimesSchema, timeSlotListSchema, TimeSlotPerm } from '../schemas/time-slots.schema';
import { defineEndpoint } from './endpoint';

/** Time slots of the day (spec section 7, Master data: time list and saveTimes), per organization. */
export const timeSlotsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/sys/time/list',
    access: { permission: TimeSlotPerm.list },
    response: z.strictObject({ data: timeSlotListSchema }),
    summary: {
      'zh-CN': '本机构的治疗时段及由其生成的时间段',
      en: "The organization's treatment periods of the day and the time slots generated from them",
    },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/time/saveTimes',
    access: { permission: TimeSlotPerm.save },
    body: saveTimesSchema,
    response: z.strictObject({ data: timeSlotListSchema }),
    summary: {
      'zh-CN': '保存治疗时段（替换原有时段）并重新生成时间段',
      en: 'Saves the treatment periods (replacing the previous ones) and regenerates the time slots',
    },
  }),
};
