import { JOB_UPLOADS_BUCKET } from '@masar/contracts';
import { uploadsStoreFor } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';

/** The object store through which the gateway hands uploaded job descriptions to svc-jobs. */
@Injectable()
export class JobUploadsStore extends uploadsStoreFor(JOB_UPLOADS_BUCKET) {
  /** The bytes of `objectName`: 413 over `maxBytes`, 400 when missing; the object is gone afterwards. */
  take(objectName: string, maxBytes: number): Promise<Uint8Array> {
    return this.takeAtMost(objectName, maxBytes);
  }
}
