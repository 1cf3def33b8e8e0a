import { Caller, DescribeImageReply, detectImageMediaType, MAX_ANALYZED_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { rpcError } from '@masar/contracts/service-kit';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { IMAGE_DESCRIBERS, ImageDescriber, ImageDescriptionRequest } from '../providers/image-describer';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';
import { decodeBase64 } from './image-signature';

export const NOT_BASE64_MESSAGE = 'image: The image must be base64 without a data: prefix';
export const IMAGE_TOO_LARGE_MESSAGE = `image: The image is too large to analyse (max ${MAX_ANALYZED_IMAGE_BYTES / 1024} KB)`;

@Injectable()
export class ImagesService {
  constructor(
    @Inject(IMAGE_DESCRIBERS) private readonly describers: ProvidersByName<ImageDescriber>,
    private readonly meter: AiCallMeter,
  ) {}

  /**
   * Checks the image is what it claims (a 400 otherwise, whatever the provider), then asks the
   * feature's provider for a description; offline that is a 501 saying what to configure. A request
   * refused as malformed is not an AI call and is not logged; every other one is (the image's bytes
   * count as 0 characters, its title as what was sent).
   */
  async describe(request: ImageDescriptionRequest, caller: Caller | null): Promise<DescribeImageReply> {
    const bytes = decodeBase64(request.image);
    if (bytes === undefined) throw rpcError(400, NOT_BASE64_MESSAGE);
    if (bytes.length > MAX_ANALYZED_IMAGE_BYTES) throw rpcError(400, IMAGE_TOO_LARGE_MESSAGE);
    if (detectImageMediaType(bytes) !== request.mediaType) throw rpcError(400, NOT_AN_IMAGE_MESSAGE);
    return this.meter.run('image-description', caller, characterCount(request.title), async (provider) => {
      const description = await providerFor(this.describers, provider, 'image-description').describeImage(request);
      return { result: { description, provider }, outputCharacters: characterCount(description) };
    });
  }
}
