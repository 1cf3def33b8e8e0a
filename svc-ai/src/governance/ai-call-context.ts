import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one metered AI call learns while it runs, however deep: the model chat client adds each
 * completion's token usage and model, the prompt source the template it resolved. Carried by
 * AsyncLocalStorage so the providers need no extra parameter, and concurrent calls never mix.
 */
export interface AiCallContext {
  /** The feature's model setting: when set, it replaces the prompt template's model for this call. */
  readonly modelOverride: string | null;
  inputTokens: number;
  outputTokens: number;
  /** The model of the last completion (what answered). */
  model: string | null;
  promptTemplate: string | null;
  promptVersion: number | null;
}

const storage = new AsyncLocalStorage<AiCallContext>();

export function newAiCallContext(modelOverride: string | null): AiCallContext {
  return { modelOverride, inputTokens: 0, outputTokens: 0, model: null, promptTemplate: null, promptVersion: null };
}

/** Runs `work` with `context` as the current AI call: everything it causes records into it. */
export function runInAiCall<T>(context: AiCallContext, work: () => Promise<T>): Promise<T> {
  return storage.run(context, work);
}

/** The model the current call must use instead of its template's, if the feature names one. */
export function aiCallModelOverride(): string | null {
  return storage.getStore()?.modelOverride ?? null;
}

/** One completion's `usage` (absent from some compatible servers: counted as 0) and the model asked. */
export function recordCompletion(model: string, usage: { prompt_tokens?: number; completion_tokens?: number } | undefined | null): void {
  const call = storage.getStore();
  if (!call) return;
  call.model = model;
  call.inputTokens += nonNegativeInteger(usage?.prompt_tokens);
  call.outputTokens += nonNegativeInteger(usage?.completion_tokens);
}

/** The prompt template (and version) the current call resolved. */
export function recordPromptTemplate(name: string, version: number): void {
  const call = storage.getStore();
  if (!call) return;
  call.promptTemplate = name;
  call.promptVersion = version;
}

function nonNegativeInteger(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/** The model that answered the current call's last completion; null before any (or offline). */
export function answeringModel(): string | null {
  return storage.getStore()?.model ?? null;
}
