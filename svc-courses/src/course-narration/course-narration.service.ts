import {
  AGENT_TASK_TITLES,
  AGENT_TASK_STEPS,
  AGENT_TASK_JOBS,
  type Caller,
  COURSE_NOT_FOUND_MESSAGE,
  EXTERNAL_COURSE_NARRATION_MESSAGE,
  hasSpeakableText,
  NOTHING_TO_NARRATE_MESSAGE,
  type StartCourseNarrationReply,
} from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AgentTasksService } from '../agent-tasks/agent-tasks.service';
import { type CourseNarrationInput, courseNarrationSteps } from './course-narration.worker';

interface LessonRow {
  id: string;
  content: string;
}

/** The course's lessons in course order (module, then lesson position). */
const LESSONS_SQL = `
  SELECT l.id, l.content
    FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id
   WHERE m.course_id = $1
   ORDER BY m.position, l.position`;

/** Starts the narration of a whole course: one agent task that narrates its lessons one a step. */
@Injectable()
export class CourseNarrationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly agentTasks: AgentTasksService,
  ) {}

  async start(caller: Caller, courseId: string): Promise<StartCourseNarrationReply> {
    const [course] = await this.dataSource.query<Array<{ title: string; kind: string }>>(
      `SELECT title, kind FROM "courses"."courses" WHERE id = $1`,
      [courseId],
    );
    if (!course) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
    if (course.kind !== 'internal') throw rpcError(400, EXTERNAL_COURSE_NARRATION_MESSAGE);
    const lessons = await this.dataSource.query<LessonRow[]>(LESSONS_SQL, [courseId]);
    // A lesson without words has no play button either: there is nothing to narrate.
    const lessonIds = lessons.filter((lesson) => hasSpeakableText(lesson.content)).map((lesson) => lesson.id);
    if (lessonIds.length === 0) throw rpcError(422, NOTHING_TO_NARRATE_MESSAGE);
    const input: CourseNarrationInput = { courseId, courseTitle: course.title, lessonIds };
    const [row] = await this.dataSource.transaction((manager) =>
      this.agentTasks.create(manager, [
        {
          type: 'course-narration',
          title: AGENT_TASK_TITLES.narration(course.title),
          startedBy: caller,
          input,
          totalSteps: courseNarrationSteps(lessonIds.length),
          canPause: true,
          currentStep: AGENT_TASK_STEPS.waiting,
        },
      ]),
    );
    const [task] = await this.agentTasks.queueRuns([row], AGENT_TASK_JOBS.COURSE_NARRATION);
    return { totalLessons: lessonIds.length, task };
  }
}
