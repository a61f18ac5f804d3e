// LEGACY: the description tables' schema builders are the shared ones (common/schema.ts).
export * from '../../common/schema';
