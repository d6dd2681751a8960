// Every table, enum and JSON type of the database. drizzle.config.ts and db/client.ts read this file.
// (./columns holds column builders only and is not re-exported.)
export * from './users';
export * from './mail';
export * from './studios';
export * from './artists';
export * from './images';
export * from './storefronts';
export * from './product-photos';
export * from './notifications';
export * from './messaging';
export * from './payments';
export * from './payments-local';
export * from './blog';
export * from './admin';
export * from './booking';
export * from './relations';
export * from './calendar-sync';
