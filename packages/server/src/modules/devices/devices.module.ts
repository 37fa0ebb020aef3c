import { defineModule } from '../../kernel/module';
import * as tables from './devices.tables';
import { deviceMenus } from './devices.menus';
import { deviceRoutes } from './devices.routes';
import { resolveEquipmentDevice } from './devices.registry';
import { deviceOnlineCheckJob, deviceSampleRetentionJob, deviceSessionTimeoutJob } from './devices.jobs';
import { seedDemoDevices } from './devices.demo';

/**
 * Rehab equipment data (设备物联 / DAS, issue 18): the device registry on the equipment master data, device tokens
 * (device kind 'equipment', header `device-token`), training sessions and samples from the devices, online state,
 * the monitor and the live HUD.
 */
export const devicesModule = defineModule({
  name: 'devices',
  dependsOn: ['organizations', 'master-data', 'offices', 'users', 'patients', 'work-orders', 'scheduling'],
  tables,
  routes: deviceRoutes,
  menus: deviceMenus(),
  jobs: [deviceOnlineCheckJob, deviceSessionTimeoutJob, deviceSampleRetentionJob],
  devices: { equipment: resolveEquipmentDevice },
  demo: (ctx) => seedDemoDevices(ctx),
});
