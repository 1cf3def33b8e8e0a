import type { Browser, BrowserContext } from 'playwright-core';

/** One page's figures from the browser's network log (page-weight.js). */
export interface PageWeight {
  name: string;
  path: string;
  /** A route reached from home: the figures count only what it added. */
  afterHome?: boolean;
  /** Compressed JavaScript bytes on the wire. */
  jsBytes: number;
  jsRequests: number;
  requests: number;
  scripts: { url: string; bytes: number }[];
}

export const PAGES: { landing: string; home: string };
export const ROUTES_AFTER_HOME: { name: string; path: string | null }[];
export function measurePageWeights(browser: Browser, baseUrl: string): Promise<PageWeight[]>;
export function signInAsDemo(context: BrowserContext, baseUrl: string): Promise<void>;
export function kilobytes(bytes: number): string;
