import {
  AGENT_TASK_STEPS,
  AGENT_TASK_JOBS,
  type AgentTask as AgentTaskShape,
  type Caller,
  type CourseLevel,
  type CreateFromCategoriesBody,
  type Language,
  READY_AI_COURSE_NOT_FOUND_MESSAGE,
} from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AgentTasksService } from '../agent-tasks/agent-tasks.service';
import { READY_AI_STEPS, ReadyAiCourseInput } from './ready-ai-course.worker';

interface PickedCourseRow {
  id: string;
  title: string;
  description: string;
  objective: string | null;
  level: CourseLevel | null;
  category: string | null;
  skills: string[];
  language: string;
}

/**
 * Ready AI (spec 001 section 2): one course-creation agent task per picked catalog course, all
 * created in one transaction and then queued; the dialog follows the tasks themselves.
 */
@Injectable()
export class ReadyAiService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly agentTasks: AgentTasksService,
  ) {}

  async start(caller: Caller, body: CreateFromCategoriesBody): Promise<AgentTaskShape[]> {
    const ids = body.selectedCourses.map((course) => course.id);
    const rows = await this.dataSource.query<PickedCourseRow[]>(
      `SELECT id, title, description, objective, level, category, skills, language FROM "courses"."courses" WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (ids.some((id) => !byId.has(id))) throw rpcError(404, READY_AI_COURSE_NOT_FOUND_MESSAGE);
    const tasks = await this.dataSource.transaction((manager) =>
      this.agentTasks.create(
        manager,
        ids.map((id) => {
          const picked = byId.get(id)!;
          const input: ReadyAiCourseInput = {
            catalogCourseId: picked.id,
            // The catalog's own words, never the browser's copy of them.
            title: picked.title,
            description: picked.description,
            objective: picked.objective,
            level: picked.level,
            category: picked.category,
            skills: picked.skills,
            language: (picked.language === 'ar' ? 'ar' : 'en') as Language,
          };
          return {
            type: 'ready-ai-course' as const,
            title: picked.title,
            startedBy: caller,
            input,
            totalSteps: READY_AI_STEPS,
            canPause: true,
            currentStep: AGENT_TASK_STEPS.waiting,
          };
        }),
      ),
    );
    return this.agentTasks.queueRuns(tasks, AGENT_TASK_JOBS.READY_AI_COURSE);
  }
}
