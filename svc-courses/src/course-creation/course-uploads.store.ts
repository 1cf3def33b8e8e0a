import { COURSE_UPLOADS_BUCKET } from '@masar/contracts';
import { uploadsStoreFor } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';

/** The object store through which the gateway hands course materials to svc-courses. */
@Injectable()
export class CourseUploadsStore extends uploadsStoreFor(COURSE_UPLOADS_BUCKET) {
  /**
   * The bytes of `objectName`: 413 naming `fileName` over `maxBytes`, 400 when missing. Kept until
   * the task ends (the pipeline discards its files then), so a task resumed after a crash reads them again.
   */
  take(objectName: string, fileName: string, maxBytes: number): Promise<Uint8Array> {
    return this.takeAtMost(objectName, maxBytes, fileName, true);
  }
}
