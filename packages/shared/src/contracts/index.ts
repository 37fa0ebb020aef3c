import type { Endpoint } from './endpoint';
import { assessmentsEndpoints } from './assessments.contracts';
import { meetingsEndpoints } from './meetings.contracts';
import { messagesEndpoints } from './messages.contracts';
import { methodsEndpoints } from './methods.contracts';
import { patientsEndpoints } from './patients.contracts';
import { plansEndpoints } from './plans.contracts';
import { platformTemplatesEndpoints } from './platform-templates.contracts';
import { prescriptionsEndpoints } from './prescriptions.contracts';
import { scalesEndpoints } from './scales.contracts';
import { teamsEndpoints } from './teams.contracts';
import { versionsEndpoints } from './versions.contracts';
import { timeSlotsEndpoints } from './time-slots.contracts';
import { breakEndpoints } from './break.contracts';
import { jobsEndpoints } from './jobs.contracts';
import { dictionariesEndpoints } from './dictionaries.contracts';
import { platformAdminEndpoints } from './platform-admin.contracts';
import { masterDataEndpointGroup } from './master-data.contracts';

export * from './endpoint';
export {
  assessmentsEndpoints,
  breakEndpoints,
  dictionariesEndpoints,
  jobsEndpoints,
  meetingsEndpoints,
  messagesEndpoints,
  methodsEndpoints,
  patientsEndpoints,
  plansEndpoints,
  platformAdminEndpoints,
  platformTemplatesEndpoints,
  prescriptionsEndpoints,
  scalesEndpoints,
  teamsEndpoints,
  timeSlotsEndpoints,
  versionsEndpoints,
};
export * from './master-data.contracts';

/**
 * Every endpoint declared as a contract, by module (`endpoints.versions.page`). The module name is the OpenAPI tag
 * and the section of /api/docs. Modules not listed here still declare their routes on the server only.
 */
export const endpoints = {
  versions: versionsEndpoints,
  methods: methodsEndpoints,
  scales: scalesEndpoints,
  platformTemplates: platformTemplatesEndpoints,
  messages: messagesEndpoints,
  meetings: meetingsEndpoints,
  assessments: assessmentsEndpoints,
  patients: patientsEndpoints,
  plans: plansEndpoints,
  prescriptions: prescriptionsEndpoints,
  teams: teamsEndpoints,
  timeSlots: timeSlotsEndpoints,
  break: breakEndpoints,
  jobs: jobsEndpoints,
  dictionaries: dictionariesEndpoints,
  platformAdmin: platformAdminEndpoints,
  masterData: masterDataEndpointGroup(),
};

export type EndpointModule = keyof typeof endpoints;

/** Every contract with the module it belongs to, in declaration order. */
export function endpointsByModule(): { module: EndpointModule; name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([module, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({
      module: module as EndpointModule,
      name,
      endpoint: endpoint as Endpoint,
    })),
  );
}

/** Every contract. */
export function allEndpoints(): Endpoint[] {
  return endpointsByModule().map((e) => e.endpoint);
}
