import { jobDescriptionIdRequestSchema } from '@masar/contracts';
import { NotFoundException, PipeTransform } from '@nestjs/common';

/**
 * The `:id` of a job description route. An id that is not a UUID cannot name any posting, so it
 * is a 404 in the contract's words ('Job description not found'), like an unknown one.
 */
export class JobDescriptionIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const parsed = jobDescriptionIdRequestSchema.safeParse({ id: value });
    if (!parsed.success) {
      throw new NotFoundException({ statusCode: 404, message: parsed.error.issues[0]?.message ?? 'Not found' });
    }
    return parsed.data.id;
  }
}
