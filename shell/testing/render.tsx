import { AppProviders, baseApi, createAppStore, type AppStore } from '@masar/shell/runtime';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

/** Where test stores send their calls; tests answer it with a stubbed or real server. */
export const TEST_API_BASE_URL = 'http://masar.test/api';

export interface RenderOptions {
  store?: AppStore;
  route?: string;
}

const storesInUse = new Set<AppStore>();

/** A store like the portal's, sending its calls to {@link TEST_API_BASE_URL}. */
export function createTestStore(onUnauthorized: () => void = () => undefined): AppStore {
  const store = createAppStore({ apiBaseUrl: TEST_API_BASE_URL, onUnauthorized });
  storesInUse.add(store);
  return store;
}

/** A store sending its calls to `${origin}/api` (a Pact mock server), released after each test like the others. */
export function createTestStoreFor(origin: string): AppStore {
  const store = createAppStore({ apiBaseUrl: `${origin}/api`, onUnauthorized: () => undefined });
  storesInUse.add(store);
  return store;
}

/**
 * Empties every test store's cache after each test (see jest-setup-after-env.ts): cached
 * answers hold day-long removal timers that would keep Jest from exiting.
 */
export function releaseTestStores(): void {
  act(() => {
    for (const store of storesInUse) store.dispatch(baseApi.util.resetApiState());
  });
  storesInUse.clear();
}

/** Renders a screen inside the portal's real providers, with a fresh store and a memory router. */
export function renderWithMasar(
  ui: ReactElement,
  { store = createTestStore(), route = '/' }: RenderOptions = {},
): RenderResult & { store: AppStore } {
  storesInUse.add(store);
  const result = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, store };
}

/** A JSON reply for a stubbed `fetch`. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
