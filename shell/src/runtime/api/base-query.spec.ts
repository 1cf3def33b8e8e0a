/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FORBIDDEN_MESSAGE } from '@masar/contracts';
import { changeLanguage } from '../i18n/i18n';
import { createAppStore, type AppStore } from '../store/store';
import type { ApiError } from './api-error';
import { baseApi } from './base-api';

// Endpoints that exist only for this test, injected into the one base API like a remote would.
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
    probeExpectingUnauthorized: build.query<unknown, string>({
      query: (path) => path,
      extraOptions: { unauthorizedIsExpected: true },
    }),
    echo: build.mutation<{ contentType: string; body: unknown; cookieMode: string }, Record<string, unknown>>({
      query: (body) => ({ url: '/echo', method: 'POST', body }),
    }),
  }),
});

function reply(response: ServerResponse, status: number, body: string, contentType = 'application/json') {
  response.writeHead(status, body.length > 0 ? { 'content-type': contentType } : {});
  response.end(body);
}

function route(request: IncomingMessage, response: ServerResponse) {
  switch (request.url) {
    case '/api/ok':
      return reply(response, 200, JSON.stringify({ hello: 'world' }));
    case '/api/no-content':
      return reply(response, 204, '');
    case '/api/text-error':
      return reply(response, 500, 'database exploded', 'text/plain');
    case '/api/empty-error':
      return reply(response, 503, '');
    case '/api/validation-error':
      return reply(response, 400, JSON.stringify({ statusCode: 400, message: 'username: This field is required' }));
    case '/api/forbidden':
      return reply(response, 403, JSON.stringify({ statusCode: 403, message: FORBIDDEN_MESSAGE }));
    case '/api/unauthorized':
      return reply(response, 401, JSON.stringify({ message: 'Unauthorized' }));
    case '/api/not-json':
      return reply(response, 200, '<!doctype html><html></html>', 'text/html');
    case '/api/echo': {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () =>
        reply(
          response,
          200,
          JSON.stringify({ contentType: request.headers['content-type'], body: JSON.parse(body), cookieMode: 'n/a' }),
        ),
      );
      return;
    }
    default:
      return reply(response, 404, '');
  }
}

describe('the base query', () => {
  let server: Server;
  let store: AppStore;
  const onUnauthorized = jest.fn();

  beforeAll(async () => {
    server = createServer(route);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    store = createAppStore({ apiBaseUrl: `http://127.0.0.1:${port}/api`, onUnauthorized });
  });

  afterAll(async () => {
    store.dispatch(baseApi.util.resetApiState());
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => onUnauthorized.mockClear());

  async function errorOf(path: string): Promise<ApiError | undefined> {
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(path, { subscribe: false, forceRefetch: true }));
    return result.error as ApiError | undefined;
  }

  it('parses a JSON answer', async () => {
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/ok', { subscribe: false }));
    expect(result.data).toEqual({ hello: 'world' });
  });

  it('answers null for an empty successful body', async () => {
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/no-content', { subscribe: false }));
    expect(result.error).toBeUndefined();
    expect(result.data).toBeNull();
  });

  it('formats a failure as "<status>: <body text>"', async () => {
    expect(await errorOf('/text-error')).toEqual({ status: 500, message: '500: database exploded' });
  });

  it('uses the status text when the body is empty', async () => {
    expect(await errorOf('/empty-error')).toEqual({ status: 503, message: '503: Service Unavailable' });
  });

  it('keeps the JSON message of the body beside the spec message', async () => {
    expect(await errorOf('/validation-error')).toEqual({
      status: 400,
      message: '400: {"statusCode":400,"message":"username: This field is required"}',
      serverMessage: 'username: This field is required',
    });
  });

  it('gives a refusal any screen can meet in the reader\'s language, and leaves the spec message as sent', async () => {
    expect(await errorOf('/forbidden')).toMatchObject({ status: 403, serverMessage: 'You do not have permission to do this' });
    await changeLanguage('ar');
    try {
      expect(await errorOf('/forbidden')).toEqual({
        status: 403,
        message: `403: {"statusCode":403,"message":"${FORBIDDEN_MESSAGE}"}`,
        serverMessage: 'ليست لديك صلاحية للقيام بهذا',
      });
      // A domain's own message is its screen's to translate: kept as sent.
      expect(await errorOf('/validation-error')).toMatchObject({ serverMessage: 'username: This field is required' });
    } finally {
      await changeLanguage('en');
    }
  });

  it('reports an unexpected 401 once to the session handler', async () => {
    expect(await errorOf('/unauthorized')).toMatchObject({ status: 401, serverMessage: 'Unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 alone where the endpoint expects it (session probe, wrong password)', async () => {
    const result = await store.dispatch(
      probeApi.endpoints.probeExpectingUnauthorized.initiate('/unauthorized', { subscribe: false }),
    );
    expect(result.error).toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a successful non-JSON reply into an error instead of crashing', async () => {
    expect(await errorOf('/not-json')).toEqual({ status: 'INVALID_RESPONSE', message: '200: the reply is not JSON' });
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const result = await store.dispatch(probeApi.endpoints.echo.initiate({ username: 'demo' }));
    expect(result.data).toMatchObject({ contentType: 'application/json', body: { username: 'demo' } });
  });

  it('reports an unreachable server as a network error', async () => {
    const offline = createAppStore({ apiBaseUrl: 'http://127.0.0.1:9/api', onUnauthorized });
    const result = await offline.dispatch(probeApi.endpoints.probe.initiate('/ok', { subscribe: false }));
    expect(result.error).toMatchObject({ status: 'NETWORK_ERROR' });
    expect((result.error as ApiError).message).toMatch(/^Network error: /);
    offline.dispatch(baseApi.util.resetApiState());
  });
});
