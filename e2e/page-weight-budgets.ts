/**
 * The most compressed JavaScript each page may download (bytes, 1 KB = 1000 bytes), checked by
 * page-weight.e2e.spec.ts with the same measurement as `npm run bench:web`. A page that meets
 * issue 15's target has the target as its budget; a page that still misses it has the figure
 * reached plus about 3% (a ratchet: it may shrink, not grow), with the target beside it.
 * Lower a ratchet when a change makes its page lighter.
 */
export const PAGE_WEIGHT_BUDGETS: Record<string, { budget: number; target: number }> = {
  '/ signed out (landing)': { budget: 170_000, target: 170_000 },
  // Still misses its 300 KB target: 474.7 KB measured (antd ~165 now that its style generators load only
  // without the static stylesheet, react-dom 57, the federation runtime 36, zod 26, RTK Query ~40,
  // i18next 25, the router 13 ...), down from 1048 KB. A ratchet at that plus 3%.
  '/ signed in (home)': { budget: 489_000, target: 300_000 },
  'courses after home': { budget: 120_000, target: 120_000 },
  'lesson after home': { budget: 120_000, target: 120_000 },
  'learning paths after home': { budget: 120_000, target: 120_000 },
  'progress after home': { budget: 120_000, target: 120_000 },
  'job roles after home': { budget: 120_000, target: 120_000 },
};
