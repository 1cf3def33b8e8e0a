import { AiFeature, aiProviderNotConfiguredMessage, AiProvider } from '@masar/contracts';
import { AiProviderError } from './ai-provider-error';

/**
 * Each backend of one task, by provider name: the offline one always, the OpenAI-compatible one when
 * OPENAI_API_KEY is set. An admin chooses per feature which one a call uses (`ai_feature_settings`).
 */
export interface ProvidersByName<T> {
  offline: T;
  openai?: T;
}

/** The backend `name` names. Governance refuses OpenAI without a key before any work; this says the same if asked anyway. */
export function providerFor<T>(providers: ProvidersByName<T>, name: AiProvider, feature: AiFeature): T {
  const provider = providers[name];
  if (provider === undefined) throw new AiProviderError(503, aiProviderNotConfiguredMessage(feature));
  return provider;
}
