import { COURSE_NOT_FOUND_MESSAGE, courseIdSchema } from '@masar/contracts';
import { NotFoundException, PipeTransform } from '@nestjs/common';

/**
 * The `:id` of a course route. An id that is not a UUID cannot name any course, so it is a 404
 * 'Course not found' like an unknown one, and svc-courses never hears of it.
 */
export class CourseIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const parsed = courseIdSchema.safeParse({ id: value });
    if (!parsed.success) {
      throw new NotFoundException({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
    }
    return parsed.data.id;
  }
}
