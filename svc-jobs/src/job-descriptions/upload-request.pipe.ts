import {
  type CreateJobDescriptionFromFileRequest,
  createJobDescriptionFromFileRequestSchema,
  describeValidationError,
} from '@masar/contracts';
import { Injectable, PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { rpcError } from '@masar/contracts/service-kit';
import { JobUploadsStore } from '../uploads/job-uploads.store';

const objectNameSchema = z.object({ objectName: createJobDescriptionFromFileRequestSchema.shape.objectName });

/**
 * Checks a create-from-file request like ZodPayloadPipe does, and also deletes the upload it names
 * when the request is refused: an uploaded object never outlives its request.
 */
@Injectable()
export class UploadRequestPipe implements PipeTransform<unknown, Promise<CreateJobDescriptionFromFileRequest>> {
  constructor(private readonly uploads: JobUploadsStore) {}

  async transform(value: unknown): Promise<CreateJobDescriptionFromFileRequest> {
    const parsed = createJobDescriptionFromFileRequestSchema.safeParse(value);
    if (parsed.success) {
      return parsed.data;
    }
    const named = objectNameSchema.safeParse(value);
    if (named.success) {
      await this.uploads.discard(named.data.objectName);
    }
    throw rpcError(400, describeValidationError(parsed.error));
  }
}
