/** The device screens (issue 18), one download. */
export { EquipmentManagePage } from './equipment-manage-page';
export { MonitorPage } from './monitor-page';
export { EquipmentInfoPage } from './equipment-info-page';
export { GameDrillPage } from './game-drill-page';
export { VisualHudPage } from './visual-hud-page';
