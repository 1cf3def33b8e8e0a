import type { LoginReply, User } from '@masar/contracts';

/** What the first page knows about the session before anything heavy downloads. */
export type SessionProbe = { kind: 'signed-in'; user: User } | { kind: 'signed-out' } | { kind: 'unknown' };

/**
 * Asks the gateway who is signed in (the same GET /api/auth/user as the portal's getCurrentUser),
 * with plain fetch so the landing page needs neither the store nor zod. A 401 is a visitor; any
 * other failure is left to the full portal, which shows the session error with Retry.
 */
export async function probeSession(): Promise<SessionProbe> {
  try {
    const response = await fetch('/api/auth/user', { credentials: 'include', headers: { accept: 'application/json' } });
    if (response.status === 401) return { kind: 'signed-out' };
    if (!response.ok) return { kind: 'unknown' };
    return { kind: 'signed-in', user: (await response.json()) as User };
  } catch {
    return { kind: 'unknown' };
  }
}

/**
 * The landing page's Demo Login (POST /api/auth/demo-login, as authApi.demoLogin). The landing page
 * only logs a failure (spec section 8), so this answers the user or null.
 */
export async function startDemoSession(): Promise<User | null> {
  try {
    const response = await fetch('/api/auth/demo-login', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } });
    if (!response.ok) {
      console.error('Demo login failed', response.status, await response.text());
      return null;
    }
    return ((await response.json()) as LoginReply).user;
  } catch (error) {
    console.error('Demo login failed', error);
    return null;
  }
}
