import { describeValidationError, NO_SKILLS_MESSAGE, RecommendCoursesBody, recommendCoursesBodySchema } from '@masar/contracts';
import { BadRequestException, PipeTransform } from '@nestjs/common';

/**
 * The body of `POST /api/courses/recommend`. No skills is the spec's sentence on its own
 * ('Please provide at least one skill'), not prefixed by the field like other validation messages,
 * since the browser shows it as it is.
 */
export class RecommendCoursesBodyPipe implements PipeTransform<unknown, RecommendCoursesBody> {
  transform(value: unknown): RecommendCoursesBody {
    const parsed = recommendCoursesBodySchema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const noSkills = parsed.error.issues.some((issue) => issue.message === NO_SKILLS_MESSAGE);
    throw new BadRequestException({
      statusCode: 400,
      message: noSkills ? NO_SKILLS_MESSAGE : describeValidationError(parsed.error),
    });
  }
}
