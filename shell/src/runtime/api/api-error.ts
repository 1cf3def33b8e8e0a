/** What every failed call of the base API rejects with. */
export interface ApiError {
  /**
   * The HTTP status; `NETWORK_ERROR` when the server could not be reached at all;
   * `INVALID_RESPONSE` when a successful reply was not the JSON we expect.
   */
  status: number | 'NETWORK_ERROR' | 'INVALID_RESPONSE';
  /** Spec section 7: "<status>: <body text, or the status text when the body is empty>". */
  message: string;
  /** The `message` field of a JSON error body, when the server sent one. */
  serverMessage?: string;
}

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    (typeof candidate.status === 'number' ||
      candidate.status === 'NETWORK_ERROR' ||
      candidate.status === 'INVALID_RESPONSE') &&
    typeof candidate.message === 'string'
  );
}

export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.status === 'NETWORK_ERROR';
}

/** The spec's message for a non-OK answer. */
export function describeHttpFailure(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${bodyText.length > 0 ? bodyText : statusText}`;
}

/** Reads `{ message: string }` out of an error body, if it is JSON of that shape. */
export function readServerMessage(bodyText: string): string | undefined {
  if (bodyText.length === 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message.length > 0) return message;
    }
  } catch {
    // Not JSON (an HTML error page from a proxy, plain text): there is no server message.
  }
  return undefined;
}

export function httpError(status: number, statusText: string, bodyText: string): ApiError {
  const serverMessage = readServerMessage(bodyText);
  return {
    status,
    message: describeHttpFailure(status, statusText, bodyText),
    ...(serverMessage === undefined ? {} : { serverMessage }),
  };
}

/**
 * RTK Query hooks report either our ApiError or, when code threw, a serialized error;
 * screens only ever deal with ApiError.
 */
export function toApiError(error: unknown): ApiError | undefined {
  if (error === undefined || error === null) return undefined;
  if (isApiError(error)) return error;
  const message =
    typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : String(error);
  return { status: 'INVALID_RESPONSE', message };
}

/** What a person reads of a failed call: the server's own message when it sent one, else the spec's "<status>: …". */
export function readableErrorMessage(error: unknown): string | undefined {
  const failure = toApiError(error);
  return failure?.serverMessage ?? failure?.message;
}
