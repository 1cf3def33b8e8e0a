import { ProgressAdminStats, RecentLearningPath } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ActivitiesService } from '../activities/activities.service';
import { LearningPathRecord } from '../learning-paths/entities/learning-path.entity';

export const RECENT_LEARNING_PATHS_SHOWN = 5;

/**
 * Every planned course of every path, with whether its learner completed it. One row per
 * (path, course); a path without courses (nothing in the catalog covered it) has none.
 */
const PATH_COURSES_SQL = `
  SELECT p."id" AS "path_id", (lc."completed_at" IS NOT NULL) AS "completed"
  FROM "progress"."learning_paths" p
  CROSS JOIN LATERAL jsonb_array_elements(p."courses") AS planned (course)
  LEFT JOIN "progress"."learner_courses" lc
    ON lc."user_id" = p."user_id" AND lc."course_id" = (planned.course ->> 'courseId')::uuid
  LEFT JOIN "progress"."removed_courses" rc ON rc."course_id" = (planned.course ->> 'courseId')::uuid
  -- A course deleted from the catalog counts only if it was completed: nobody can finish it now.
  WHERE rc."course_id" IS NULL OR lc."completed_at" IS NOT NULL`;

interface PathCourseRow {
  path_id: string;
  completed: boolean;
}

/** The dashboard's figures, all from what learners really did. */
@Injectable()
export class AdminStatsService {
  constructor(
    @InjectRepository(LearningPathRecord) private readonly paths: Repository<LearningPathRecord>,
    private readonly activities: ActivitiesService,
  ) {}

  async stats(): Promise<ProgressAdminStats> {
    const [pathCourses, recent, skillsMapped, systemActivity] = await Promise.all([
      this.paths.query(PATH_COURSES_SQL) as Promise<PathCourseRow[]>,
      this.paths.find({
        select: { id: true, jobTitle: true, courses: true, createdAt: true },
        order: { createdAt: 'DESC', id: 'ASC' },
        take: RECENT_LEARNING_PATHS_SHOWN,
      }),
      this.activities.countMappedSkills(),
      this.activities.recentSystemActivity(),
    ]);
    const byPath = new Map<string, { total: number; completed: number }>();
    for (const row of pathCourses) {
      const tally = byPath.get(row.path_id) ?? { total: 0, completed: 0 };
      tally.total += 1;
      if (row.completed) tally.completed += 1;
      byPath.set(row.path_id, tally);
    }
    const tallies = [...byPath.values()];
    const total = tallies.reduce((sum, tally) => sum + tally.total, 0);
    const completed = tallies.reduce((sum, tally) => sum + tally.completed, 0);
    return {
      activeLearningPaths: tallies.filter((tally) => tally.completed < tally.total).length,
      skillsMapped,
      completionRate: total === 0 ? 0 : Math.round((completed / total) * 100),
      recentLearningPaths: recent.map((path): RecentLearningPath => {
        const tally = byPath.get(path.id);
        return {
          id: path.id,
          jobTitle: path.jobTitle,
          courseCount: path.courses.length,
          percent: tally ? Math.round((tally.completed / tally.total) * 100) : 0,
          createdAt: path.createdAt.toISOString(),
        };
      }),
      systemActivity,
    };
  }
}
