import { LESSON_NOT_IN_COURSE_MESSAGE } from '@masar/contracts';
import { NotFoundException, PipeTransform } from '@nestjs/common';
import { z } from 'zod';

const lessonIdSchema = z.uuid();

/** The `:lessonId` of a progress route: an id that is not a UUID names no lesson of any course (404). */
export class LessonIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const parsed = lessonIdSchema.safeParse(value);
    if (!parsed.success) throw new NotFoundException({ statusCode: 404, message: LESSON_NOT_IN_COURSE_MESSAGE });
    return parsed.data;
  }
}
