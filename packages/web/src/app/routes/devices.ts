import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const devices = async () => import('../../features/devices/pages');

/**
 * Device integration (issue 18, product deviceIntegration): the registry, the monitor, training sessions, one
 * device's page and its HUD; the interface heartbeat wall and the camera wall.
 */
export const deviceRoutes: ScreenRoute[] = [
  { path: paths.deviceManage, menu: paths.deviceManage, screen: async () => (await devices()).EquipmentManagePage },
  { path: paths.deviceMonitor, menu: paths.deviceMonitor, screen: async () => (await devices()).MonitorPage },
  { path: paths.deviceDrill, menu: paths.deviceDrill, screen: async () => (await devices()).GameDrillPage },
  { path: paths.deviceInfo, menu: paths.deviceInfo, screen: async () => (await devices()).EquipmentInfoPage },
  { path: paths.deviceHud, menu: paths.deviceHud, screen: async () => (await devices()).VisualHudPage },
  {
    path: paths.heartbeatMonitoring,
    menu: paths.heartbeatMonitoring,
    screen: async () => (await import('../../features/heartbeats/heartbeats-page')).HeartbeatsPage,
  },
  {
    path: paths.cameraWall,
    menu: paths.cameraWall,
    screen: async () => (await import('../../features/cameras/camera-wall-page')).CameraWallPage,
  },
];
