// The forms' one entry for the Worker and the tests. The SPA imports the parts it needs from their own
// modules, so that a form page's first load carries no zod (validation comes with the first input).
export * from './definitions.ts';
export * from './schema.ts';
export * from './choices.ts';
export * from './text.ts';
export * from './messages.ts';
export * from './validate.ts';
