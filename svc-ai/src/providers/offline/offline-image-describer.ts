import { IMAGE_ANALYSIS_OFFLINE_MESSAGE } from '@masar/contracts';
import { AiProviderError } from '../ai-provider-error';
import { ImageDescriber } from '../image-describer';

/** Offline there is no vision model: the request is refused with what to configure (501), never guessed at. */
export class OfflineImageDescriber implements ImageDescriber {
  readonly name = 'offline' as const;

  async describeImage(): Promise<string> {
    throw new AiProviderError(501, IMAGE_ANALYSIS_OFFLINE_MESSAGE);
  }
}
