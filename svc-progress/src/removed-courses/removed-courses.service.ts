import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { RemovedCourse } from './entities/removed-course.entity';

/** Which courses the catalog no longer has, as svc-courses' course-deleted events said. */
@Injectable()
export class RemovedCoursesService {
  constructor(@InjectRepository(RemovedCourse) private readonly removed: Repository<RemovedCourse>) {}

  async remember(manager: EntityManager, courseId: string, removedAt: Date): Promise<void> {
    await manager.createQueryBuilder().insert().into(RemovedCourse).values({ courseId, removedAt }).orIgnore().execute();
  }

  /** Those of `courseIds` that were removed. */
  async among(courseIds: readonly string[]): Promise<Set<string>> {
    if (courseIds.length === 0) return new Set();
    const rows = await this.removed.find({ select: { courseId: true }, where: { courseId: In([...new Set(courseIds)]) } });
    return new Set(rows.map((row) => row.courseId));
  }
}
