import { exchangeEmbedToken } from './embed-session-exchange';

const reply = (status: number, body: unknown) =>
  jest.fn().mockResolvedValue({ ok: status < 400, status, statusText: 'x', json: () => Promise.resolve(body) }) as unknown as typeof fetch;

describe("exchanging the host's embed token", () => {
  it('posts the token with the host origin and keeps the session token', async () => {
    const fetchImpl = reply(200, { sessionToken: 's:abc.def', user: { id: 'u1' } });
    await expect(exchangeEmbedToken('jwt', 'https://suite.example.com', fetchImpl)).resolves.toEqual({
      kind: 'signed-in',
      sessionToken: 's:abc.def',
      user: { id: 'u1' },
    });
    expect(fetchImpl).toHaveBeenCalledWith('/api/embed/session', expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'jwt', hostOrigin: 'https://suite.example.com' }) }));
  });

  it("keeps the gateway's reason when the token is refused", async () => {
    await expect(exchangeEmbedToken('jwt', 'https://suite.example.com', reply(401, { statusCode: 401, message: 'The embed token was already used; each token works once' }))).resolves.toEqual({
      kind: 'refused',
      message: '401: The embed token was already used; each token works once',
    });
  });
});
