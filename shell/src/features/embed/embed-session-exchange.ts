import type { User } from '@masar/contracts';

export type EmbedExchangeResult = { kind: 'signed-in'; sessionToken: string; user: User } | { kind: 'refused'; message: string };

/**
 * `POST /api/embed/session {token, hostOrigin}`: the one-time embed token the host passed by
 * postMessage, traded for a session token this frame keeps in memory. A refusal keeps the
 * gateway's message (expired, replayed, for another host...), which the frame shows and reports.
 */
export async function exchangeEmbedToken(
  token: string,
  hostOrigin: string,
  fetchImpl: typeof fetch = fetch,
  /** Masar's origin when the caller is the script embed in the host's own page; same origin for a frame. */
  masarOrigin = '',
): Promise<EmbedExchangeResult> {
  let response: Response;
  try {
    response = await fetchImpl(`${masarOrigin}/api/embed/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token, hostOrigin }),
      // From another site's page no cookie may travel: the session comes back in the body only.
      credentials: masarOrigin ? 'omit' : 'same-origin',
    });
  } catch (error) {
    return { kind: 'refused', message: `Network error: ${error instanceof Error ? error.message : String(error)}` };
  }
  const body = (await response.json().catch(() => ({}))) as { sessionToken?: unknown; user?: unknown; message?: unknown };
  if (response.ok && typeof body.sessionToken === 'string' && typeof body.user === 'object' && body.user !== null) {
    return { kind: 'signed-in', sessionToken: body.sessionToken, user: body.user as User };
  }
  return { kind: 'refused', message: `${response.status}: ${typeof body.message === 'string' ? body.message : response.statusText}` };
}
