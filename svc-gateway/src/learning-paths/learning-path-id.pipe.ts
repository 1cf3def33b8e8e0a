import { LEARNING_PATH_NOT_FOUND_MESSAGE } from '@masar/contracts';
import { NotFoundException, PipeTransform } from '@nestjs/common';
import { z } from 'zod';

const learningPathIdSchema = z.uuid();

/** The `:id` of a learning-path route: an id that is not a UUID names no path (404, not 400). */
export class LearningPathIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const parsed = learningPathIdSchema.safeParse(value);
    if (!parsed.success) throw new NotFoundException({ statusCode: 404, message: LEARNING_PATH_NOT_FOUND_MESSAGE });
    return parsed.data;
  }
}
