import { COURSE_NOT_FOUND_MESSAGE, type CourseDetail, publishRefusedMessage } from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ADMIN_COURSE_VIEW, CoursesService } from '../courses/courses.service';
import { Course } from '../courses/entities/course.entity';
import { publicationProblemsOf } from './publication-problems';
import { setCourseStatus } from './unwritten-new-lessons';

/** Publishing a course (learners see it) and moving it back to a draft (they no longer do). Admins only. */
@Injectable()
export class CoursePublishingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly courses: CoursesService,
  ) {}

  /**
   * Publishes the course unless something still needs work (409 with the count; the admin's course
   * detail lists what). The row is locked while its lessons are checked, so an edit cannot slip in
   * between the check and the change. Publishing a published course changes nothing.
   */
  async publish(id: string): Promise<CourseDetail> {
    await this.dataSource.transaction(async (manager) => {
      const course = await lockedCourse(manager, id);
      if (course.status === 'published') return;
      const problems = publicationProblemsOf({
        description: course.description,
        modules: (course.modules ?? []).map((module) => ({ id: module.id, title: module.title, lessons: module.lessons ?? [] })),
      });
      if (problems.length > 0) throw rpcError(409, publishRefusedMessage(problems.length));
      await setCourseStatus(manager, id, 'published');
    });
    return this.courses.get(id, ADMIN_COURSE_VIEW);
  }

  /** Back to a draft: hidden from learners everywhere again; their progress on it is kept. */
  async unpublish(id: string): Promise<CourseDetail> {
    await this.dataSource.transaction(async (manager) => {
      const course = await lockedCourse(manager, id);
      if (course.status === 'draft') return;
      await setCourseStatus(manager, id, 'draft');
    });
    return this.courses.get(id, ADMIN_COURSE_VIEW);
  }
}

async function lockedCourse(manager: EntityManager, id: string): Promise<Course> {
  const locked = await manager.query<Array<{ id: string }>>('SELECT id FROM "courses"."courses" WHERE id = $1 FOR UPDATE', [id]);
  if (locked.length === 0) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
  return manager.findOneOrFail(Course, { where: { id }, relations: { modules: { lessons: true } } });
}
