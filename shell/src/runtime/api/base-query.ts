import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { requestAiNoticeAcceptance } from '../ai-use/ai-notice-requests';
import { EMBED_SESSION_HEADER, embedApiBaseUrl, embedSessionToken } from '../session/embed-session';
import { currentLanguage } from '../i18n/i18n';
import { httpError, type ApiError } from './api-error';
import { serverMessageIn } from './server-messages';

/** svc-ai's answer to a learner's AI action before they accepted the AI-use notice in force. */
const AI_NOTICE_NOT_ACCEPTED_STATUS = 428;

/** Per-endpoint switches, given as `extraOptions` in an endpoint definition. */
export interface BaseQueryExtraOptions {
  /**
   * This call answers 401 as an ordinary outcome (the session probe, a wrong password),
   * so it must not trigger the "logged out" toast and redirect.
   */
  unauthorizedIsExpected?: boolean;
  /** The reply is a file (a CSV export), handed over as its text instead of parsed as JSON. */
  replyIsText?: boolean;
}

/** What the store hands every call (the thunk's extra argument). */
export interface ApiDependencies {
  /** `/api` in the browser; the Pact mock server's URL in the contract test. */
  apiBaseUrl: string;
  /** Called once per unexpected 401: the session has ended. */
  onUnauthorized: () => void;
}

function readDependencies(extra: unknown): ApiDependencies {
  if (typeof extra === 'object' && extra !== null) {
    const { apiBaseUrl, onUnauthorized } = extra as Partial<ApiDependencies>;
    if (typeof apiBaseUrl === 'string' && typeof onUnauthorized === 'function') return { apiBaseUrl, onUnauthorized };
  }
  throw new Error('The base API runs only in the store made by createAppStore().');
}

const rawQueries = new Map<string, ReturnType<typeof fetchBaseQuery>>();

function rawQueryFor(apiBaseUrl: string, credentials: RequestCredentials): ReturnType<typeof fetchBaseQuery> {
  const key = `${credentials} ${apiBaseUrl}`;
  let rawQuery = rawQueries.get(key);
  if (!rawQuery) {
    rawQuery = fetchBaseQuery({
      baseUrl: apiBaseUrl,
      credentials,
      // Bodies are read as text so that an error keeps its exact body for the message.
      responseHandler: 'text',
      prepareHeaders: (headers) => {
        // A call that downloads a file says what it accepts itself.
        if (!headers.has('accept')) headers.set('accept', 'application/json');
        // A frame on another site has no cookie: its session travels in a header (issue 18).
        const embedToken = embedSessionToken();
        if (embedToken) headers.set(EMBED_SESSION_HEADER, embedToken);
        return headers;
      },
    });
    rawQueries.set(key, rawQuery);
  }
  return rawQuery;
}

function normaliseError(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined): ApiError {
  if (typeof error.status === 'number') {
    const bodyText = typeof error.data === 'string' ? error.data : '';
    const failure = httpError(error.status, meta?.response?.statusText ?? '', bodyText);
    // The refusals every screen can meet, in the reader's language (screens show `serverMessage`).
    if (failure.serverMessage !== undefined) failure.serverMessage = serverMessageIn(failure.serverMessage, currentLanguage());
    return failure;
  }
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    return { status: 'NETWORK_ERROR', message: `Network error: ${error.error}` };
  }
  return { status: 'INVALID_RESPONSE', message: `Unreadable reply: ${error.error}` };
}

/**
 * The one base query: credentials included, JSON in and out, no retries, and every
 * failure turned into an {@link ApiError} whose message follows spec section 7.
 */
export const masarBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  BaseQueryExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const dependencies = readDependencies(api.extra);
  // The script embed calls Masar from another site's page: its own origin, the header token, no cookies.
  const scriptEmbedApi = embedApiBaseUrl();
  const result = await (scriptEmbedApi ? rawQueryFor(scriptEmbedApi, 'omit') : rawQueryFor(dependencies.apiBaseUrl, 'include'))(args, api, {});

  if (result.error) {
    const error = normaliseError(result.error, result.meta);
    if (error.status === 401 && !extraOptions?.unauthorizedIsExpected) dependencies.onUnauthorized();
    // Whatever AI action was refused for a missing acceptance, the person is led to the notice;
    // the caller still shows its own error, and the person repeats the action once accepted.
    if (error.status === AI_NOTICE_NOT_ACCEPTED_STATUS) void requestAiNoticeAcceptance('refused');
    return { error, meta: result.meta };
  }

  const bodyText = typeof result.data === 'string' ? result.data : '';
  if (extraOptions?.replyIsText) return { data: bodyText, meta: result.meta };
  if (bodyText.length === 0) return { data: null, meta: result.meta };
  try {
    return { data: JSON.parse(bodyText) as unknown, meta: result.meta };
  } catch {
    const status = result.meta?.response?.status ?? 200;
    return { error: { status: 'INVALID_RESPONSE', message: `${status}: the reply is not JSON` }, meta: result.meta };
  }
};
