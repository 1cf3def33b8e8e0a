import {
  CreateJobDescriptionFromFileRequest,
  createJobDescriptionFromFileRequestSchema,
  describeValidationError,
  JobDescription,
} from '@masar/contracts';
import { BadRequestException, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobsClient } from './jobs.client';
import { JobUploadsStore } from './job-uploads.store';

export const NO_FILE_MESSAGE = 'Please select a file to upload';

/** What the gateway received: multer's file (in memory) and the form's title. */
export interface ReceivedJobFile {
  file: Pick<Express.Multer.File, 'originalname' | 'mimetype' | 'size' | 'buffer'> | undefined;
  title: string | undefined;
}

/**
 * Hands an uploaded job description to svc-jobs: the bytes go into the JetStream object store under
 * a random name, and only that name and the file's description travel in the NATS request (its owner
 * is the signed-in caller, in the request's caller header).
 */
@Injectable()
export class JobDescriptionUploads {
  constructor(
    private readonly jobs: JobsClient,
    private readonly store: JobUploadsStore,
  ) {}

  async submit({ file, title }: ReceivedJobFile): Promise<JobDescription> {
    if (!file) {
      throw new BadRequestException({ statusCode: 400, message: NO_FILE_MESSAGE });
    }
    const objectName = randomUUID();
    // Checked before anything is stored, so a bad request leaves nothing behind.
    const request = this.describe(objectName, file, title);
    await this.store.put(objectName, file.buffer);
    try {
      return await this.jobs.createFromFile(request);
    } catch (error) {
      // svc-jobs deletes an object once it has read it. Whatever else happened (nobody answered, a
      // refusal before reading, a timeout), the person was told it failed, so nothing may stay behind;
      // deleting an object svc-jobs already removed does nothing.
      await this.store.discard(objectName);
      throw error;
    }
  }

  private describe(
    objectName: string,
    file: NonNullable<ReceivedJobFile['file']>,
    title: string | undefined,
  ): CreateJobDescriptionFromFileRequest {
    const parsed = createJobDescriptionFromFileRequestSchema.safeParse({
      objectName,
      fileName: file.originalname,
      declaredMediaType: file.mimetype,
      size: file.size,
      ...(title === undefined ? {} : { title }),
    });
    if (!parsed.success) {
      throw new BadRequestException({ statusCode: 400, message: describeValidationError(parsed.error) });
    }
    return parsed.data;
  }
}
