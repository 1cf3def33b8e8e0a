import { CheckedExerciseFeedbackRequest, EXERCISE_ATTACHMENT_MESSAGES } from '@masar/contracts';
import { LOGGER, pictureMismatchOf, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { FeedbackPictures } from '../providers/exercise-feedback-writer';
import { ExerciseAttachmentReader } from './exercise-attachment-reader';
import { FEEDBACK_PICTURE_MAX_READ_BYTES, pictureForModel } from './feedback-picture';

/**
 * The attached pictures a model that reads images is shown: each read from the attachments bucket
 * by its reference, checked to be the stored file at its size and the picture its name and type say
 * (the gateway checked it on upload; this guards what was stored since), and reduced when large.
 * Work that names a missing file (400) or a file that is no such picture (415, naming it) is refused
 * before any model is asked; a picture too large or damaged to open is named as not looked at.
 */
@Injectable()
export class FeedbackPictureReader {
  constructor(
    private readonly attachments: ExerciseAttachmentReader,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async picturesFor(request: CheckedExerciseFeedbackRequest): Promise<FeedbackPictures> {
    const pictures: FeedbackPictures = { shown: [], notShown: [] };
    for (const image of request.attachmentImages) {
      if (image.size > FEEDBACK_PICTURE_MAX_READ_BYTES) {
        pictures.notShown.push({ name: image.name, why: 'too-large' });
        continue;
      }
      const bytes = await this.attachments.readOfSize(image.key, image.size);
      if (bytes === null) throw rpcError(400, EXERCISE_ATTACHMENT_MESSAGES.MISSING);
      const mismatch = pictureMismatchOf(image.name, image.mediaType, bytes);
      if (mismatch !== null) throw rpcError(415, EXERCISE_ATTACHMENT_MESSAGES.MISMATCH(image.name, mismatch));
      try {
        const picture = await pictureForModel(bytes, image.mediaType);
        if (picture === 'too-large') pictures.notShown.push({ name: image.name, why: 'too-large' });
        else pictures.shown.push({ name: image.name, mediaType: picture.mediaType, data: Buffer.from(picture.bytes).toString('base64') });
      } catch (error) {
        this.logger.info({ err: error, name: image.name }, 'could not open an attached picture');
        pictures.notShown.push({ name: image.name, why: 'damaged' });
      }
    }
    return pictures;
  }
}
