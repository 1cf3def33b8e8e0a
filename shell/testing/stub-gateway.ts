import type { User } from '@masar/contracts';
import { jsonResponse } from './render';
import { buildUser } from './user.factory';

export type StubHandler = (request: Request, params: Record<string, string>, url: URL) => Response | Promise<Response>;

/** A call the screen made, with its body already read. */
export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  json?: unknown;
  form?: FormData;
}

function pathPattern(path: string): RegExp {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

async function record(request: Request): Promise<RecordedCall> {
  const url = new URL(request.url);
  const call: RecordedCall = { method: request.method, path: url.pathname, search: url.searchParams };
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) call.json = await request.json();
  else if (type.startsWith('multipart/form-data')) call.form = await request.formData();
  return call;
}

/**
 * Replaces `fetch` with a small gateway: `GET /api/auth/user` answers `user`, each route
 * (`'PUT /api/job-descriptions/:id/skills'`) answers through its handler, anything else 404.
 * Every call is recorded with its body, so a test can check what the screen sent.
 */
export function stubGateway(routes: Record<string, StubHandler>, user: User = buildUser()) {
  const calls: RecordedCall[] = [];
  const compiled = Object.entries(routes).map(([route, handler]) => {
    const [method, path] = route.split(' ');
    return { method, pattern: pathPattern(path), handler };
  });
  const fetchMock = jest.fn(async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    calls.push(await record(request.clone()));
    if (url.pathname === '/api/auth/user') return jsonResponse(user);
    for (const { method, pattern, handler } of compiled) {
      const match = request.method === method ? pattern.exec(url.pathname) : null;
      if (match) return handler(request, { ...match.groups }, url);
    }
    return jsonResponse({ statusCode: 404, message: 'Not found' }, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    /** The recorded calls to one route, e.g. `callsTo('PUT', /skills$/)`. */
    callsTo: (method: string, path: RegExp) => calls.filter((call) => call.method === method && path.test(call.path)),
  };
}

/** A reply that never comes: for looking at a pending state. */
export function never(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}
