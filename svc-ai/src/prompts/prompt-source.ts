import type { PromptTemplateName } from '@masar/contracts';

/** A template as one LLM call uses it: placeholders filled, `default` resolved to the configured model. */
export interface ResolvedPrompt {
  name: PromptTemplateName;
  version: number;
  system: string;
  model: string;
  temperature: number;
  maxTokens: number;
}

/** Where the OpenAI providers read their prompt at call time: the stored templates (or, in tests, the built-in ones). */
export interface PromptSource {
  resolve(name: PromptTemplateName, values: Readonly<Record<string, string>>): Promise<ResolvedPrompt>;
}

export const PROMPT_SOURCE = Symbol('PROMPT_SOURCE');
