import { exactOrigin, isEmbedModule, type EmbedModule, type Language } from '@masar/contracts';

/** What an `/embed/<module>?lang=ar&hostOrigin=https://suite.example.com` page was asked for. */
export interface EmbedRequest {
  module: EmbedModule;
  language: Language;
  /** The framing page's exact origin, or null when missing or not an origin. */
  hostOrigin: string | null;
}

/** Reads the page's address; null when `/embed/<module>` names no module. */
export function readEmbedRequest(pathname: string, search: string): EmbedRequest | null {
  const match = /^\/embed\/([a-z-]+)\/?$/.exec(pathname);
  if (!match || !isEmbedModule(match[1])) return null;
  const parameters = new URLSearchParams(search);
  const hostOrigin = parameters.get('hostOrigin');
  return {
    module: match[1],
    language: parameters.get('lang') === 'ar' ? 'ar' : 'en',
    hostOrigin: hostOrigin === null ? null : exactOrigin(hostOrigin),
  };
}

/** The host may receive Masar's messages only when the deployment lists its exact origin. */
export function isAllowedHost(hostOrigin: string | null, allowedOrigins: readonly string[]): hostOrigin is string {
  return hostOrigin !== null && allowedOrigins.includes(hostOrigin);
}
