import { Verifier, VerifierOptions } from '@pact-foundation/pact';
import type { NextFunction, Request, Response } from 'express';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { startPlatform, Platform } from './support/platform';

const PACT_DIR = path.resolve(__dirname, '../../contracts/pacts');

/** Every pact in which svc-gateway is the provider (the shell's today; other consumers later). */
function gatewayPactFiles(): string[] {
  return readdirSync(PACT_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(PACT_DIR, file))
    .filter((file) => (JSON.parse(readFileSync(file, 'utf8')) as { provider?: { name?: string } }).provider?.name === 'svc-gateway');
}

interface PactFile {
  interactions: { providerStates?: { name: string }[]; providerState?: string }[];
}

type StateHandler =
  | (() => Promise<undefined>)
  | { setup: (params?: unknown) => Promise<undefined>; teardown: () => Promise<undefined> };

interface SignInParams {
  username?: string;
  password?: string;
}

/**
 * Verifies the consumers' HTTP pacts against the real gateway on a free port, with the real
 * svc-identity behind it (its build, on a fresh database), the real Redis and the real NATS.
 * For "signed in" states the handler signs in through the gateway itself and the request
 * filter puts that real session cookie on the interaction's request.
 */
describe('svc-gateway honours its consumers’ pacts', () => {
  let platform: Platform;
  let sessionCookie: string | undefined;

  beforeAll(async () => {
    platform = await startPlatform();
  });

  afterAll(async () => {
    await platform?.stop();
  });

  async function signIn(credentials: SignInParams, fallback: Required<SignInParams>): Promise<undefined> {
    const response = await request(platform.gateway.url)
      .post('/api/auth/login')
      .send({ username: credentials.username ?? fallback.username, password: credentials.password ?? fallback.password })
      .expect(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    sessionCookie = cookies.map((cookie) => cookie.split(';')[0]).find((cookie) => cookie.startsWith('masar.sid='));
    return undefined;
  }

  const signedOut = async () => {
    sessionCookie = undefined;
    return undefined;
  };

  const demoLearnerExists = async () => {
    sessionCookie = undefined;
    const client = new Client({ connectionString: platform.database.url });
    await client.connect();
    try {
      const { rowCount } = await client.query(`SELECT 1 FROM identity.users WHERE username = 'demo' AND role = 'learner'`);
      if (rowCount !== 1) throw new Error('svc-identity did not seed the demo learner');
    } finally {
      await client.end();
    }
    return undefined;
  };

  const stateHandlers: Record<string, StateHandler> = {
    'the demo learner exists': demoLearnerExists,
    'a learner is signed in': {
      setup: (params?: unknown) => signIn((params ?? {}) as SignInParams, { username: 'demo', password: 'demo123' }),
      teardown: signedOut,
    },
    'an admin is signed in': {
      setup: (params?: unknown) => signIn((params ?? {}) as SignInParams, { username: 'admin', password: 'admin123' }),
      teardown: signedOut,
    },
    'nobody is signed in': signedOut,
  };

  it('has a handler for every provider state its consumers use', () => {
    const states = gatewayPactFiles().flatMap((file) =>
      (JSON.parse(readFileSync(file, 'utf8')) as PactFile).interactions.flatMap((interaction) => [
        ...(interaction.providerStates ?? []).map((state) => state.name),
        ...(interaction.providerState ? [interaction.providerState] : []),
      ]),
    );
    expect(states.filter((state) => !(state in stateHandlers))).toEqual([]);
  });

  it('finds a pact to verify', () => {
    expect(gatewayPactFiles()).not.toEqual([]);
  });

  it('answers every interaction as its consumer expects', async () => {
    const pactUrls = gatewayPactFiles();
    expect(pactUrls).not.toEqual([]);
    await new Verifier({
      provider: 'svc-gateway',
      providerBaseUrl: platform.gateway.url,
      pactUrls,
      // pact-js types HTTP and message state handlers as one intersection; setup/teardown pairs are HTTP's.
      stateHandlers: stateHandlers as unknown as VerifierOptions['stateHandlers'],
      requestFilter: (req: Request, _res: Response, next: NextFunction) => {
        if (sessionCookie && !req.path.startsWith('/_pact')) {
          req.headers.cookie = sessionCookie;
        }
        next();
      },
      logLevel: 'warn',
    }).verifyProvider();
  });
});
