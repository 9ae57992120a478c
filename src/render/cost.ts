/**
 * What drawing a symbol costs in the budgets of heavy work, counted in codes: bwip-js takes 1–5 ms a symbol, as long
 * as generating a few hundred codes (`bench/RESULTS.md`, "Code API"). An SVG a cache already holds costs 1.
 */
export const DRAW_COST = 100
