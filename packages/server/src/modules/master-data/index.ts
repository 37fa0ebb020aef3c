// The public face of the master-data module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { deleteRows, selectRows, toColumns } from './master-data.service';
export { ownsRow, rowIdByName, rowIdsSql, rowNameSql, rowNames, searchRows } from './master-data.lookup';
export { enabledCount, insertMasterRow, masterRow, masterRows } from './master-data.row';
export {
  insertPlatformTemplates,
  platformTemplates,
  platformTemplatesByIds,
  type PlatformTemplateRow,
} from './master-data.platform';
export { enabledEquipmentOptions, equipmentNameRows, equipmentOfOrganization } from './scheduling-facts';
export {
  ownedRowIds,
  prescriptionDefaults,
  rowIdsByName,
  templatesWithHisCode,
  templatesWithUnit,
  unitNameOfTextSql,
  type TemplateWithUnit,
} from './patients-facts';
export { enabledEquipment, equipmentNameEnSql } from './work-orders-facts';
