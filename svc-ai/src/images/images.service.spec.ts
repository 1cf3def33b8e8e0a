import { describeImageReplySchema, IMAGE_ANALYSIS_OFFLINE_MESSAGE, MAX_ANALYZED_IMAGE_BYTES } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import { meterFactory } from '../../test/support/metering.factory';
import { ONE_PIXEL_PNG } from '../../test/support/sample-images';
import { ImageDescriber, ImageDescriptionRequest } from '../providers/image-describer';
import { OfflineImageDescriber } from '../providers/offline/offline-image-describer';
import { NOT_AN_IMAGE_MESSAGE } from '@masar/contracts';
import { IMAGE_TOO_LARGE_MESSAGE, ImagesService, NOT_BASE64_MESSAGE } from './images.service';

class RecordingDescriber implements ImageDescriber {
  readonly name = 'openai' as const;
  readonly requests: ImageDescriptionRequest[] = [];
  async describeImage(request: ImageDescriptionRequest): Promise<string> {
    this.requests.push(request);
    return 'A hands-on course on warehouse safety. Learners practise the routines that keep people and forklifts apart.';
  }
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RpcException);
  return (error as RpcException).getError();
}

const png: ImageDescriptionRequest = { image: ONE_PIXEL_PNG, mediaType: 'image/png', title: 'Warehouse Safety' };

/** The service with `describer` as the feature's provider (its name), the other one offline. */
function serviceWith(describer: ImageDescriber) {
  const { meter, rows } = meterFactory({ provider: describer.name });
  return { service: new ImagesService({ offline: new OfflineImageDescriber(), [describer.name]: describer }, meter), rows };
}

describe('ImagesService', () => {
  it('asks the provider about an image that is what it claims to be, and says which provider answered', async () => {
    const describer = new RecordingDescriber();
    const { service, rows } = serviceWith(describer);
    const reply = await service.describe(png, null);
    expect(describeImageReplySchema.parse(reply)).toEqual({ description: expect.stringMatching(/^A hands-on course/), provider: 'openai' });
    expect(describer.requests).toEqual([png]);
    // The title is what was sent (the bytes count as no characters); the description what came back.
    expect(rows).toEqual([
      expect.objectContaining({ feature: 'image-description', outcome: 'succeeded', inputCharacters: 16, outputCharacters: reply.description.length }),
    ]);
  });

  it('answers 501 with what to configure when the provider is offline', async () => {
    const { service, rows } = serviceWith(new OfflineImageDescriber());
    expect(await failureOf(service.describe(png, null))).toEqual({
      statusCode: 501,
      message: IMAGE_ANALYSIS_OFFLINE_MESSAGE,
    });
    expect(rows).toEqual([expect.objectContaining({ outcome: 'failed', statusCode: 501, error: IMAGE_ANALYSIS_OFFLINE_MESSAGE, model: 'built-in' })]);
  });

  it.each([
    ['bytes that are not the declared type', { ...png, mediaType: 'image/jpeg' as const }, NOT_AN_IMAGE_MESSAGE],
    ['bytes that are no image at all', { ...png, image: Buffer.from('%PDF-1.7 not an image').toString('base64') }, NOT_AN_IMAGE_MESSAGE],
    ['text that is not base64', { ...png, image: `data:image/png;base64,${ONE_PIXEL_PNG}` }, NOT_BASE64_MESSAGE],
    ['an image over the size limit', { ...png, image: Buffer.alloc(MAX_ANALYZED_IMAGE_BYTES + 1, 0x89).toString('base64') }, IMAGE_TOO_LARGE_MESSAGE],
  ])('refuses %s with a 400 before any provider sees it', async (_case, request, message) => {
    const describer = new RecordingDescriber();
    const openai = serviceWith(describer);
    const offline = serviceWith(new OfflineImageDescriber());
    expect(await failureOf(openai.service.describe(request, null))).toEqual({ statusCode: 400, message });
    expect(await failureOf(offline.service.describe(request, null))).toEqual({ statusCode: 400, message });
    expect(describer.requests).toEqual([]);
    // A malformed request is not an AI call: nothing is logged.
    expect([...openai.rows, ...offline.rows]).toEqual([]);
  });
});
