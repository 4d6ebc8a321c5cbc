// What a test may change in the reader: nothing, as shipped. No shipped module reads a test
// global; the end-to-end tests serve their own copy of this module in its place
// (tests/e2e/recover.mjs, `overridesModule`) to lower the limits or to make the reading worker
// run out of memory.

/** Limits lower than limits.js LIMITS, by the same names (limitsFor keeps only lower ones), or null. */
export const limits = null;

/** Called by the reading worker just before it reads a text, as `beforeRead(wasm, Library, message)`, or null. */
export const beforeRead = null;
