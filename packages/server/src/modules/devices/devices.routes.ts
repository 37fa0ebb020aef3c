import { devicesEndpoints as e } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { unauthorized } from '../../http/errors';
import type { DeviceContext, OrgSession } from '../../http/session';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { createDevice, listDevices, registerDevice, rotateToken, updateDevice } from './devices.registry';
import { saveSettings, setRegistrationKey, settingsOf } from './devices.settings';
import { endSession, heartbeat, startSession, storeSamples } from './devices.ingest';
import { confirmSession, sessionPage, sessionPatients } from './devices.sessions';
import { deviceInfo, hud, monitor } from './devices.read';
import { hashOf, newSecret } from './secrets';

const MINUTE = 60_000;
/** self-registrations a client address may try a minute (a wrong key costs as much as a right one) */
const REGISTER_PER_MINUTE = 5;

/** The device a device-only call comes from; a signed-in user is no device. */
function deviceOf(device: DeviceContext | null): DeviceContext {
  if (!device || device.kind !== 'equipment') throw unauthorized('devices.deviceOnly');
  return device;
}
const org = (session: unknown) => session as OrgSession;

export const deviceRoutes = [
  defineRoute(e.list, {
    handler: async ({ app, session }) => ({ data: await listDevices(app, org(session).organizationId) }),
  }),
  defineRoute(e.save, {
    handler: async ({ app, session, body }) => ({ data: await createDevice(app, org(session), body) }),
  }),
  defineRoute(e.update, {
    handler: async ({ app, session, body }) => {
      const { id, ...v } = body;
      await updateDevice(app, org(session).organizationId, id, v);
      return {};
    },
  }),
  defineRoute(e.rotateToken, {
    handler: async ({ app, session, params }) => ({
      data: await rotateToken(app, org(session).organizationId, params.id),
    }),
  }),
  defineRoute(e.settings, {
    handler: async ({ app, session }) => ({ data: await settingsOf(app.db, org(session).organizationId) }),
  }),
  defineRoute(e.saveSettings, {
    handler: async ({ app, session, body }) => {
      await runUnitOfWork(app, ({ tx }) => saveSettings(tx, org(session).organizationId, body));
      return {};
    },
  }),
  defineRoute(e.rotateRegistrationKey, {
    handler: async ({ app, session }) => {
      const key = newSecret();
      await runUnitOfWork(app, ({ tx }) => setRegistrationKey(tx, org(session).organizationId, hashOf(key)));
      return { data: { key } };
    },
  }),
  defineRoute(e.register, {
    rateLimit: { max: () => REGISTER_PER_MINUTE, windowMs: MINUTE },
    handler: async ({ app, body }) => ({ data: await registerDevice(app, body) }),
  }),
  defineRoute(e.heartbeat, {
    handler: async ({ app, device, body }) => ({ data: await heartbeat(app, deviceOf(device), body.firmware) }),
  }),
  defineRoute(e.sessionStart, {
    handler: async ({ app, device, body }) => ({ data: await startSession(app, deviceOf(device), body) }),
  }),
  defineRoute(e.samples, {
    handler: async ({ app, device, body }) => ({ data: await storeSamples(app, deviceOf(device), body) }),
  }),
  defineRoute(e.sessionEnd, {
    handler: async ({ app, device, body }) => ({ data: await endSession(app, deviceOf(device), body) }),
  }),
  defineRoute(e.monitor, {
    handler: async ({ app, session }) => ({ data: await monitor(app, org(session).organizationId) }),
  }),
  defineRoute(e.info, {
    handler: async ({ app, session, params }) => ({
      data: await deviceInfo(app, org(session).organizationId, params.id),
    }),
  }),
  defineRoute(e.hud, {
    handler: async ({ app, session, params }) => ({ data: await hud(app, org(session).organizationId, params.id) }),
  }),
  defineRoute(e.sessionPage, {
    handler: async ({ app, session, body }) => ({ data: await sessionPage(app, org(session).organizationId, body) }),
  }),
  defineRoute(e.sessionPatients, {
    handler: async ({ app, session }) => ({ data: await sessionPatients(app, org(session).organizationId) }),
  }),
  defineRoute(e.confirm, {
    handler: async ({ app, session, params }) => {
      await confirmSession(app, org(session), params.id);
      return {};
    },
  }),
];
