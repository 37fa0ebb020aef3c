import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const devices = async () => import('../../features/devices/pages');

/** Device integration (issue 18): the registry, the monitor, training sessions, one device's page and its HUD. */
export const deviceRoutes: ScreenRoute[] = [
  { path: paths.deviceManage, menu: paths.deviceManage, screen: async () => (await devices()).EquipmentManagePage },
  { path: paths.deviceMonitor, menu: paths.deviceMonitor, screen: async () => (await devices()).MonitorPage },
  { path: paths.deviceDrill, menu: paths.deviceDrill, screen: async () => (await devices()).GameDrillPage },
  { path: paths.deviceInfo, menu: paths.deviceInfo, screen: async () => (await devices()).EquipmentInfoPage },
  { path: paths.deviceHud, menu: paths.deviceHud, screen: async () => (await devices()).VisualHudPage },
];
