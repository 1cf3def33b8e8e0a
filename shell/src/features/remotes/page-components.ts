import { preloadPageComponents } from 'antd';

/**
 * Resolves once the antd components the home page leaves for later (shell/webpack/antd-used.mjs) are
 * downloaded: a page other than home awaits it before its first render, so no part of it arrives late and
 * shifts what is around it. In unit tests antd is the whole package, with nothing to download.
 */
export function pageComponentsReady(): Promise<void> {
  return typeof preloadPageComponents === 'function' ? preloadPageComponents() : Promise.resolve();
}
