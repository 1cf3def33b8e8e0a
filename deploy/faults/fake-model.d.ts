/** An OpenAI-compatible chat completions server on loopback (fake-model.js). */
export interface FakeModel {
  /** http://127.0.0.1:<port>/v1, for OPENAI_BASE_URL. */
  readonly baseUrl: string;
  requests(): number;
  held(): number;
  hang(): void;
  release(): void;
  stop(): Promise<void>;
}

/** `delayMs`: how long writing one lesson takes; every other request is answered at once. */
export function startFakeModel(options?: { delayMs?: number }): Promise<FakeModel>;
