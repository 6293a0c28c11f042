export * from './enums.ts';
export * from './messages.ts';
export * from './validation.ts';
export * from './time.ts';
export * from './rules.ts';
export * from './api.ts';
export * from './loyalty.ts';
export * from './tires.ts';
