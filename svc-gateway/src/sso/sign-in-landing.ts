/**
 * Where a signed-in person lands: RelayState when it is a path on Masar's own origin (`/courses/…`),
 * else the portal's home. Never another host (`//evil.example`, `https:…`, `/\evil`), so an IdP's
 * RelayState cannot turn the sign-in into an open redirect.
 */
export function landingPathOf(relayState: unknown): string {
  if (typeof relayState !== 'string' || relayState.length === 0 || relayState.length > 1000) return '/';
  if (!/^\/(?![/\\])[^\s\\]*$/.test(relayState)) return '/';
  const base = 'https://masar.invalid';
  try {
    const url = new URL(relayState, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}
