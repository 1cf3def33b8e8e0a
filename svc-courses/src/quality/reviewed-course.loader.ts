import { type EntityManager, In } from 'typeorm';
import { CourseModule } from '../courses/entities/course-module.entity';
import { Course } from '../courses/entities/course.entity';
import { Lesson } from '../courses/entities/lesson.entity';
import type { ReviewedCourse } from './checks/course-check';

/** The internal courses among `ids` with their modules and lessons in course order (missing and external ones left out). */
export async function loadReviewedCourses(manager: EntityManager, ids: readonly string[]): Promise<ReviewedCourse[]> {
  if (ids.length === 0) return [];
  const courses = await manager.find(Course, { where: { id: In([...ids]), kind: 'internal' } });
  if (courses.length === 0) return [];
  const modules = await manager.find(CourseModule, { where: { courseId: In(courses.map((course) => course.id)) }, order: { position: 'ASC' } });
  const lessons = modules.length === 0 ? [] : await manager.find(Lesson, { where: { moduleId: In(modules.map((module) => module.id)) }, order: { position: 'ASC' } });
  const byId = new Map(courses.map((course) => [course.id, course]));
  return ids.flatMap((id) => {
    const course = byId.get(id);
    if (!course) return [];
    return [
      {
        id: course.id,
        title: course.title,
        description: course.description,
        objective: course.objective,
        titleAr: course.titleAr,
        descriptionAr: course.descriptionAr,
        language: course.language,
        estimatedHours: course.estimatedHours,
        modules: modules
          .filter((module) => module.courseId === course.id)
          .map((module) => ({
            id: module.id,
            title: module.title,
            description: module.description,
            lessons: lessons
              .filter((lesson) => lesson.moduleId === module.id)
              .map(({ id: lessonId, title, type, duration, content, keyPoints, activities }) => ({ id: lessonId, title, type, duration, content, keyPoints, activities })),
          })),
      },
    ];
  });
}
