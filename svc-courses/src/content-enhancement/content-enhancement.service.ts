import {
  AGENT_TASK_TITLES,
  AGENT_TASK_STEPS,
  AGENT_TASK_JOBS,
  type AgentTask as AgentTaskShape,
  type Caller,
  COURSE_NOT_FOUND_MESSAGE,
  ENHANCEABLE_QUALITY_CHECKS,
  EXTERNAL_COURSE_ENHANCEMENT_MESSAGE,
  MAX_ENHANCEMENT_TASKS,
  NOTHING_TO_ENHANCE_MESSAGE,
  type StartEnhancementBody,
} from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AgentTasksService } from '../agent-tasks/agent-tasks.service';
import { type ContentEnhancementInput, contentEnhancementSteps } from './content-enhancement.worker';

interface CourseToEnhance {
  id: string;
  title: string;
  kind: string;
  updated_at: string;
  module_ids: string[];
}

/** The course's row with its modules in order; `updated_at` as text keeps Postgres's microseconds for the finish check. */
const COURSES_SQL = `
  SELECT c.id, c.title, c.kind, c.updated_at::text AS updated_at,
         coalesce(array_agg(m.id ORDER BY m.position) FILTER (WHERE m.id IS NOT NULL), '{}') AS module_ids
    FROM "courses"."courses" c LEFT JOIN "courses"."modules" m ON m.course_id = c.id
   WHERE c.id = ANY($1::uuid[])
   GROUP BY c.id`;

/** Internal courses whose latest review failed a check the agent can fix, worst (most failures) first. */
const FLAGGED_COURSES_SQL = `
  SELECT latest.course_id AS id
    FROM (SELECT DISTINCT ON (r.course_id) r.id, r.course_id FROM "courses"."quality_reviews" r
           ORDER BY r.course_id, r.reviewed_at DESC, r.id DESC) latest
    JOIN "courses"."courses" c ON c.id = latest.course_id AND c.kind = 'internal'
    JOIN "courses"."quality_findings" f ON f.review_id = latest.id AND NOT f.passed AND f."check" = ANY($1::text[])
   GROUP BY latest.course_id
   ORDER BY count(*) DESC, latest.course_id
   LIMIT $2`;

/** Starts Content Enhancement agent tasks: one per course, on a chosen course or on those the quality review flagged. */
@Injectable()
export class ContentEnhancementService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly agentTasks: AgentTasksService,
  ) {}

  async start(caller: Caller, body: StartEnhancementBody): Promise<AgentTaskShape[]> {
    const ids = body.courseId
      ? [body.courseId]
      : (await this.dataSource.query<Array<{ id: string }>>(FLAGGED_COURSES_SQL, [ENHANCEABLE_QUALITY_CHECKS, MAX_ENHANCEMENT_TASKS])).map((row) => row.id);
    if (ids.length === 0) throw rpcError(422, NOTHING_TO_ENHANCE_MESSAGE);
    const rows = await this.dataSource.query<CourseToEnhance[]>(COURSES_SQL, [ids]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const courses = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    if (courses.length === 0) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
    if (courses.some((course) => course.kind !== 'internal')) throw rpcError(400, EXTERNAL_COURSE_ENHANCEMENT_MESSAGE);
    const tasks = await this.dataSource.transaction((manager) =>
      this.agentTasks.create(
        manager,
        courses.map((course) => {
          const input: ContentEnhancementInput = { courseId: course.id, courseTitle: course.title, courseUpdatedAt: course.updated_at, moduleIds: course.module_ids };
          return {
            type: 'content-enhancement' as const,
            title: AGENT_TASK_TITLES.enhancement(course.title),
            startedBy: caller,
            input,
            totalSteps: contentEnhancementSteps(course.module_ids.length),
            canPause: true,
            currentStep: AGENT_TASK_STEPS.waiting,
          };
        }),
      ),
    );
    return this.agentTasks.queueRuns(tasks, AGENT_TASK_JOBS.CONTENT_ENHANCEMENT);
  }
}
