import { combineSlices, configureStore, createListenerMiddleware, type Slice } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import type { ApiDependencies } from '../api/base-query';
import { handleUnauthorized } from '../session/unauthorized';

/**
 * Slices that remotes add at runtime. A remote declares its slice here with
 * `declare module '@masar/shell/runtime' { interface LazyLoadedSlices { ... } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- RTK's pattern: remotes merge their slices into it
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

export interface AppStoreOptions {
  apiBaseUrl?: string;
  onUnauthorized?: () => void;
}

/**
 * Builds a store around the one base API. The portal calls it exactly once (`store`
 * below); tests call it to point the same endpoints at another server.
 */
/**
 * Watches what happens in the one store without touching the features that do it: an embedded
 * module tells its host page about a completed lesson or a generated path from here (issue 18).
 */
export const storeListeners = createListenerMiddleware();

export function createAppStore({ apiBaseUrl = '/api', onUnauthorized = handleUnauthorized }: AppStoreOptions = {}) {
  const dependencies: ApiDependencies = { apiBaseUrl, onUnauthorized };
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: dependencies } })
        .prepend(storeListeners.middleware)
        .concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

/** The ONE store of the portal, shared with every remote. */
export const store = createAppStore();

/** Adds a remote's slice to the one store (no second store, no replaceReducer). */
export function injectSlice(slice: Slice): void {
  rootReducer.inject(slice);
}
