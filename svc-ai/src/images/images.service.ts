import { DescribeImageReply, detectImageMediaType, MAX_ANALYZED_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { rpcError } from '@masar/contracts/service-kit';
import { asRpcError } from '../errors/rpc-error';
import { IMAGE_DESCRIBER, ImageDescriber, ImageDescriptionRequest } from '../providers/image-describer';
import { decodeBase64 } from './image-signature';

export const NOT_BASE64_MESSAGE = 'image: The image must be base64 without a data: prefix';
export const IMAGE_TOO_LARGE_MESSAGE = `image: The image is too large to analyse (max ${MAX_ANALYZED_IMAGE_BYTES / 1024} KB)`;

@Injectable()
export class ImagesService {
  constructor(@Inject(IMAGE_DESCRIBER) private readonly describer: ImageDescriber) {}

  /**
   * Checks the image is what it claims (a 400 otherwise, whatever the provider), then asks the
   * provider for a description; offline that is a 501 saying what to configure.
   */
  async describe(request: ImageDescriptionRequest): Promise<DescribeImageReply> {
    const bytes = decodeBase64(request.image);
    if (bytes === undefined) throw rpcError(400, NOT_BASE64_MESSAGE);
    if (bytes.length > MAX_ANALYZED_IMAGE_BYTES) throw rpcError(400, IMAGE_TOO_LARGE_MESSAGE);
    if (detectImageMediaType(bytes) !== request.mediaType) throw rpcError(400, NOT_AN_IMAGE_MESSAGE);
    try {
      const description = await this.describer.describeImage(request);
      return { description, provider: this.describer.name };
    } catch (error) {
      throw asRpcError(error);
    }
  }
}
