/**
 * The parts of zod that ralph-hooks uses, by name: what src/zod.ts gathers as `z`. Naming
 * them (instead of re-exporting zod's whole `z`) lets the build leave out the rest (its 40
 * locales, JSON Schema import, compiler): dist/src/zod.js is 190 KB instead of 650, and
 * create-ralph-hooks's one file 290 KB smaller. A part used for the first time is added here
 * (the typecheck says which).
 */
export { array, boolean, discriminatedUnion, enum, int, literal, null, number, record, strictObject, string, toJSONSchema, union, unknown } from 'zod';
export type { infer, input, output, ZodBoolean, ZodDefault, ZodObject, ZodString, ZodType } from 'zod';
export type * as core from 'zod/v4/core';
