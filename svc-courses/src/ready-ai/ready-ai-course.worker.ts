import {
  AGENT_TASK_STEPS,
  AGENT_TASK_JOBS,
  type AgentTaskResult,
  type CourseLevel,
  deriveAbbreviation,
  EVENT_SUBJECTS,
  type Language,
  libraryTooThinMessage,
  READY_AI_LESSONS_PER_MODULE,
  READY_AI_MODULES,
} from '@masar/contracts';
import { EventsPublisher, rpcError } from '@masar/contracts/service-kit';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AgentTaskWorker, AgentTaskWorkers, StepOutcome } from '../agent-tasks/agent-task-worker';
import type { AgentTask } from '../agent-tasks/entities/agent-task.entity';
import { aiCallerOf, starterOf } from '../agent-tasks/task-starter';
import { findCandidateLessons } from '../course-authoring/catalog-lesson-search';
import { CourseAuthoringService } from '../course-authoring/course-authoring.service';
import { dominantCategory, durationOfHours, estimatedHoursOf, planCourseOutline, PlannedModuleOutline } from '../course-authoring/course-outline-planner';
import { courseAiLabelOf, courseCreatedEvent, insertCourse, NewCourse, NewModule } from '../course-authoring/course-writer';
import { QualityReviewService } from '../quality/quality-review.service';

/** What a Ready AI task is started with: the catalog course the person picked. */
export interface ReadyAiCourseInput extends Record<string, unknown> {
  catalogCourseId: string;
  title: string;
  description: string;
  objective: string | null;
  level: CourseLevel | null;
  category: string | null;
  skills: string[];
  language: Language;
}

/** What the finished steps hand on: the plan, then each module as it is written. */
export interface ReadyAiCheckpoint extends Record<string, unknown> {
  outline: PlannedModuleOutline[];
  category: string | null;
  sourceLessons: number;
  modules: NewModule[];
}

const KNOWLEDGE_CHECK_DURATION = '10 min';

/** Planning, one step per module, then saving. */
export const READY_AI_STEPS = 1 + READY_AI_MODULES + 1;

/**
 * A Ready AI course: 6 modules of 2 lessons (spec 001 section 9), planned from the library's lessons
 * on the picked course's skills and words, each module written by svc-ai from its sources (offline
 * it quotes and cites them; with an LLM it writes grounded in them), and saved whole at the end.
 * A subject the library covers too thinly is refused rather than padded with placeholders.
 */
@Injectable()
export class ReadyAiCourseWorker implements AgentTaskWorker<ReadyAiCheckpoint>, OnModuleInit {
  readonly jobName = AGENT_TASK_JOBS.READY_AI_COURSE;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly authoring: CourseAuthoringService,
    private readonly events: EventsPublisher,
    private readonly workers: AgentTaskWorkers,
    private readonly quality: QualityReviewService,
  ) {}

  onModuleInit(): void {
    this.workers.register(this);
  }

  stepLabel(index: number, task: AgentTask, checkpoint: ReadyAiCheckpoint | null): string {
    const { title } = inputOf(task);
    if (index === 0) return AGENT_TASK_STEPS.findingMaterial(title);
    if (index <= READY_AI_MODULES) {
      const module = checkpoint?.outline[index - 1];
      return module ? AGENT_TASK_STEPS.writingNamedModule(index, READY_AI_MODULES, module.title) : AGENT_TASK_STEPS.writingModule(index, READY_AI_MODULES);
    }
    return AGENT_TASK_STEPS.savingCourse;
  }

  async runStep(index: number, task: AgentTask, checkpoint: ReadyAiCheckpoint | null): Promise<StepOutcome<ReadyAiCheckpoint>> {
    const input = inputOf(task);
    if (index === 0) return this.plan(task, input);
    if (!checkpoint) throw rpcError(500, 'The course plan was lost; start the course again');
    const module = checkpoint.outline[index - 1];
    const [written] = await this.authoring.writeLessons(
      [module],
      {
        title: input.title,
        description: input.description,
        ...(input.objective ? { objective: input.objective } : {}),
        language: input.language,
      },
      aiCallerOf(task),
    );
    const words = written.lessons.reduce((sum, lesson) => sum + lesson.content.split(/\s+/).filter(Boolean).length, 0);
    const modules = [...checkpoint.modules.slice(0, index - 1), written];
    return {
      checkpoint: { ...checkpoint, modules },
      log: `Wrote module ${index} of ${READY_AI_MODULES} "${written.title}": ${written.lessons.length} lessons, ${words} words`,
    };
  }

  async finish(manager: EntityManager, task: AgentTask, checkpoint: ReadyAiCheckpoint): Promise<{ result: AgentTaskResult; log: string }> {
    const course = newCourseOf(task, checkpoint);
    const courseId = await insertCourse(manager, course, checkpoint.modules);
    const lessons = checkpoint.modules.reduce((sum, module) => sum + module.lessons.length, 0);
    return {
      result: { courseId, courseTitle: course.title, modules: checkpoint.modules.length, lessons },
      log: `Saved the course "${course.title}": ${checkpoint.modules.length} modules, ${lessons} lessons`,
    };
  }

  /** Stored first: a stream that is away costs other services the news, never the person the course. */
  async afterFinish(task: AgentTask, result: AgentTaskResult): Promise<void> {
    const courseId = result.courseId!;
    // Queued first (it never throws): the news below may fail, the review must not wait on it.
    await this.quality.reviewNewCourse(courseId, starterOf(task));
    const event = courseCreatedEvent(courseId, { title: inputOf(task).title, createdBy: task.createdBy }, new Date());
    await this.events.publish(EVENT_SUBJECTS.COURSE_CREATED, event, courseId);
  }

  private async plan(task: AgentTask, input: ReadyAiCourseInput): Promise<StepOutcome<ReadyAiCheckpoint>> {
    const texts = [input.title, input.description, input.objective ?? ''];
    let skipped = '';
    const skills =
      input.skills.length > 0
        ? input.skills
        : await this.authoring.skillsOrNone(texts.join('\n'), input.language, aiCallerOf(task), async (reason) => {
            skipped = `; the course's skills were not identified (${reason})`;
          });
    const candidates = await findCandidateLessons(this.dataSource.manager, { texts, skills, language: input.language });
    const outline = planCourseOutline(candidates, {
      courseTitle: input.title,
      numberOfModules: READY_AI_MODULES,
      lessonsPerModule: READY_AI_LESSONS_PER_MODULE,
    });
    const covered = outline.reduce((sum, module) => sum + module.lessons.filter((lesson) => lesson.sources.length > 0).length, 0);
    if (outline.some((module) => module.lessons.every((lesson) => lesson.sources.length === 0))) {
      throw rpcError(422, libraryTooThinMessage(input.title, covered, READY_AI_MODULES));
    }
    const planned = outline.map(withKnowledgeChecks);
    const checks = planned.reduce((sum, module) => sum + module.lessons.filter((lesson) => lesson.type === 'quiz').length, 0);
    const sourceCourses = new Set(outline.flatMap((module) => module.lessons.flatMap((lesson) => lesson.sources.map((source) => source.courseId))));
    return {
      checkpoint: { outline: planned, category: input.category ?? dominantCategory(candidates, outline), sourceLessons: covered, modules: [] },
      log:
        `Planned ${READY_AI_MODULES} modules of ${READY_AI_LESSONS_PER_MODULE} lessons from ${covered} library lessons in ${sourceCourses.size} courses` +
        (checks > 0 ? `; ${checks} ${checks === 1 ? 'lesson is a knowledge check' : 'lessons are knowledge checks'} on the lesson before, as the library has no more on the subject` : '') +
        skipped,
    };
  }
}

/**
 * A slot the library has no further lesson for becomes a knowledge check on the module's own
 * lesson (real questions from real material), never a placeholder.
 */
function withKnowledgeChecks(module: PlannedModuleOutline): PlannedModuleOutline {
  const sourced = module.lessons.find((lesson) => lesson.sources.length > 0)!;
  return {
    ...module,
    lessons: module.lessons.map((lesson) =>
      lesson.sources.length > 0
        ? lesson
        : { ...lesson, type: 'quiz' as const, title: `Knowledge check: ${sourced.title}`, duration: KNOWLEDGE_CHECK_DURATION, sources: sourced.sources },
    ),
  };
}

function inputOf(task: AgentTask): ReadyAiCourseInput {
  return task.input as ReadyAiCourseInput;
}

/** The course as it is saved; spec 001 section 9's fields for AI-created courses where the pick has none. */
function newCourseOf(task: AgentTask, checkpoint: ReadyAiCheckpoint): NewCourse {
  const input = inputOf(task);
  const estimatedHours = estimatedHoursOf(checkpoint.modules.flatMap((module) => module.lessons.map((lesson) => lesson.duration)));
  return {
    title: input.title,
    description: input.description,
    objective: input.objective,
    duration: durationOfHours(estimatedHours),
    format: 'Online',
    departmentOwner: 'AI Generated',
    color: 'purple',
    abbreviation: deriveAbbreviation(input.title),
    imageUrl: null,
    prerequisites: [],
    skills: input.skills,
    level: input.level,
    category: checkpoint.category,
    language: input.language,
    estimatedHours,
    createdBy: task.createdBy,
    // Every lesson is svc-ai's: the course is labelled as the last of them was written.
    aiLabel: courseAiLabelOf(checkpoint.modules),
  };
}
