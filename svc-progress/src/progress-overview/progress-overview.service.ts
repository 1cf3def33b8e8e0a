import { type LearningPathProgress, ProgressOverview, type CourseLevel } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ActivitiesService } from '../activities/activities.service';
import { LearnerCourse } from '../learner-courses/entities/learner-course.entity';
import { LearnerSkillsService } from '../learner-skills/learner-skills.service';
import { LearningPathRecord } from '../learning-paths/entities/learning-path.entity';
import { isoDate, utcDay } from '../learning-paths/planning/path-schedule';
import { RemovedCoursesService } from '../removed-courses/removed-courses.service';
import { buildProgressOverview, learningPathProgressOf, OpenedCourse } from './progress-overview';

/** Each opened course with the learner's completed lessons still in it and the time they reported. */
const OPENED_COURSES_SQL = `
  SELECT c."course_id", c."title", c."title_ar", c."description", c."duration", c."level",
         cardinality(c."lesson_ids") AS "total_lessons", c."started_at", c."completed_at",
         count(DISTINCT e."lesson_id") FILTER (WHERE e."kind" = 'completed' AND e."lesson_id" = ANY(c."lesson_ids"))::int AS "completed_lessons",
         coalesce(sum(e."seconds_spent"), 0)::int AS "seconds_spent"
  FROM "progress"."learner_courses" c
  LEFT JOIN "progress"."lesson_events" e ON e."user_id" = c."user_id" AND e."course_id" = c."course_id"
  WHERE c."user_id" = $1
  GROUP BY c."user_id", c."course_id"`;

interface OpenedCourseRow {
  course_id: string;
  title: string;
  title_ar: string | null;
  description: string;
  duration: string;
  level: CourseLevel | null;
  total_lessons: number;
  started_at: Date;
  completed_at: Date | null;
  completed_lessons: number;
  seconds_spent: number;
}

@Injectable()
export class ProgressOverviewService {
  constructor(
    @InjectRepository(LearnerCourse) private readonly learnerCourses: Repository<LearnerCourse>,
    @InjectRepository(LearningPathRecord) private readonly paths: Repository<LearningPathRecord>,
    private readonly learnerSkills: LearnerSkillsService,
    private readonly activities: ActivitiesService,
    private readonly removedCourses: RemovedCoursesService,
  ) {}

  async overview(userId: string): Promise<ProgressOverview> {
    const [rows, paths, skills, achievements] = await Promise.all([
      this.learnerCourses.query(OPENED_COURSES_SQL, [userId]) as Promise<OpenedCourseRow[]>,
      this.paths.find({ where: { userId }, order: { createdAt: 'DESC', id: 'ASC' } }),
      this.learnerSkills.list(userId),
      this.activities.achievementsOf(userId),
    ]);
    const courseIds = [...rows.map((row) => row.course_id), ...paths.flatMap((path) => path.courses.map((course) => course.courseId))];
    return buildProgressOverview({
      openedCourses: rows.map(toOpenedCourse),
      paths,
      removed: await this.removedCourses.among(courseIds),
      skills,
      achievements,
      today: isoDate(utcDay(new Date())),
    });
  }

  /** Of these courses, those the learner has opened (started or completed): re-planning keeps them in place. */
  async startedCourseIds(userId: string, courseIds: readonly string[]): Promise<Set<string>> {
    if (courseIds.length === 0) return new Set();
    const rows = await this.learnerCourses.find({ select: { courseId: true }, where: { userId, courseId: In([...courseIds]) } });
    return new Set(rows.map((row) => row.courseId));
  }

  /** The learner's progress along each of these paths of theirs, by path id. */
  async learningPathProgress(userId: string, paths: readonly LearningPathRecord[]): Promise<Map<string, LearningPathProgress>> {
    const rows = (await this.learnerCourses.query(OPENED_COURSES_SQL, [userId])) as OpenedCourseRow[];
    const courseIds = [...rows.map((row) => row.course_id), ...paths.flatMap((path) => path.courses.map((course) => course.courseId))];
    return learningPathProgressOf({
      openedCourses: rows.map(toOpenedCourse),
      paths,
      removed: await this.removedCourses.among(courseIds),
    });
  }
}

function toOpenedCourse(row: OpenedCourseRow): OpenedCourse {
  return {
    courseId: row.course_id,
    title: row.title,
    titleAr: row.title_ar,
    description: row.description,
    duration: row.duration,
    level: row.level,
    totalLessons: row.total_lessons,
    completedLessons: row.completed_lessons,
    secondsSpent: row.seconds_spent,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}
