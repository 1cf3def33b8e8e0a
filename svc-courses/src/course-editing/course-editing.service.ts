import {
  COURSE_NOT_FOUND_MESSAGE,
  CourseDetail,
  EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE,
  LESSON_NOT_FOUND_MESSAGE,
  UpdateCourseRequest,
  UpdateLessonRequest,
} from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { reindexCourse } from '../course-search/course-search-index';
import { ADMIN_COURSE_VIEW, CoursesService } from '../courses/courses.service';
import { Course } from '../courses/entities/course.entity';
import { Lesson } from '../courses/entities/lesson.entity';

/** Admins' edits of a course after it was made; each edit is one transaction with the course's search reindex. */
@Injectable()
export class CourseEditingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly courses: CoursesService,
  ) {}

  async updateCourse({ id, changes }: UpdateCourseRequest): Promise<CourseDetail> {
    await this.dataSource.transaction(async (manager) => {
      const locked = await manager.query<Array<{ kind: string }>>('SELECT kind FROM "courses"."courses" WHERE id = $1 FOR UPDATE', [id]);
      if (locked.length === 0) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
      // External training mirrors a provider's catalog entry: its text is theirs, not ours to rewrite.
      if (locked[0].kind === 'external') throw rpcError(409, EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE);
      const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await manager.update(Course, { id }, { ...fields, updatedAt: new Date() });
      await reindexCourse(manager, id);
    });
    return this.courses.get(id, ADMIN_COURSE_VIEW);
  }

  /** Changes one lesson in place (same id, so learners' progress stays); a lesson of another course is "not found". */
  async updateLesson({ courseId, lessonId, changes }: UpdateLessonRequest): Promise<CourseDetail> {
    await this.dataSource.transaction(async (manager) => {
      const course = await manager.query<Array<{ id: string }>>('SELECT id FROM "courses"."courses" WHERE id = $1 FOR UPDATE', [courseId]);
      if (course.length === 0) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
      const lesson = await manager.query<Array<{ id: string }>>(
        `SELECT l.id FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id
         WHERE l.id = $1 AND m.course_id = $2 FOR UPDATE OF l`,
        [lessonId, courseId],
      );
      if (lesson.length === 0) throw rpcError(404, LESSON_NOT_FOUND_MESSAGE);
      const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await manager.update(Lesson, { id: lessonId }, fields);
      await manager.update(Course, { id: courseId }, { updatedAt: new Date() });
      await reindexCourse(manager, courseId);
    });
    return this.courses.get(courseId, ADMIN_COURSE_VIEW);
  }
}
