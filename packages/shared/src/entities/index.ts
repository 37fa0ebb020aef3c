export * from './types';
export * from './fields';
export * from './registry';
export * from './entity-schemas';
export * from './user-config.schema';
export { productInfoEntity } from './product-info.entity';
