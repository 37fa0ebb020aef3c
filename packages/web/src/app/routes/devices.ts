import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

/** Device integration (issue 18, product deviceIntegration): the interface heartbeat wall and the camera wall. */
export const deviceRoutes: ScreenRoute[] = [
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
