import { bootstrap } from './main';

describe('bootstrap', () => {
  it('refuses to start, naming the bad variable, before it connects to anything', async () => {
    // The rejection is the configuration error, not a connection error: nothing was contacted.
    await expect(bootstrap({ NATS_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' })).rejects.toThrow(
      /^svc-ai configuration is invalid: NATS_URL: Must be a nats:\/\/ or tls:\/\/ URL$/,
    );
  });
});
