import { buildUser } from '@masar/shell/testing';
import { probeSession, startDemoSession } from './session-probe';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the landing page session probe', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.restoreAllMocks();
  });

  it('asks GET /api/auth/user with the cookies and reads a signed-in user', async () => {
    const user = buildUser({ firstName: 'Layla' });
    const fetchMock = jest.fn(async () => answer(200, user));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    expect(await probeSession()).toEqual({ kind: 'signed-in', user });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', expect.objectContaining({ credentials: 'include' }));
  });

  it('reads a 401 as a visitor', async () => {
    globalThis.fetch = jest.fn(async () => answer(401, { statusCode: 401, message: 'Not signed in' })) as unknown as typeof fetch;
    expect(await probeSession()).toEqual({ kind: 'signed-out' });
  });

  it('leaves a failing gateway or network to the full portal (unknown)', async () => {
    globalThis.fetch = jest.fn(async () => answer(503, { message: 'down' })) as unknown as typeof fetch;
    expect(await probeSession()).toEqual({ kind: 'unknown' });
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await probeSession()).toEqual({ kind: 'unknown' });
  });

  it('starts the demo session with POST /api/auth/demo-login and answers its user', async () => {
    const user = buildUser({ username: 'demo' });
    const fetchMock = jest.fn(async () => answer(200, { message: 'Signed in', user }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    expect(await startDemoSession()).toEqual(user);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/demo-login', expect.objectContaining({ method: 'POST', credentials: 'include' }));
  });

  it('answers null and logs when the demo sign-in is refused (the landing page shows no toast, spec section 8)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    globalThis.fetch = jest.fn(async () => answer(403, { message: 'The demo account is disabled' })) as unknown as typeof fetch;
    expect(await startDemoSession()).toBeNull();
    expect(logged).toHaveBeenCalledWith('Demo login failed', 403, expect.stringContaining('The demo account is disabled'));
  });
});
