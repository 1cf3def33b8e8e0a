import { FACT_CHECK_OFFLINE_MESSAGE } from '@masar/contracts';
import { AiProviderError } from '../ai-provider-error';
import { LessonFactChecker } from '../lesson-fact-checker';

/** Offline there is no model that knows facts: the request is refused with what to configure (501), never passed unchecked. */
export class OfflineFactChecker implements LessonFactChecker {
  readonly name = 'offline' as const;

  async factCheck(): Promise<never> {
    throw new AiProviderError(501, FACT_CHECK_OFFLINE_MESSAGE);
  }
}
