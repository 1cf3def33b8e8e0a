import { AGENT_TASK_STEPS, AGENT_TASK_JOBS, type AgentTaskResult, COURSE_NARRATION_FAILED_MESSAGE, hasSpeakableText } from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NarrationClient } from '../ai/narration.client';
import { AgentTaskWorker, AgentTaskWorkers, StepOutcome } from '../agent-tasks/agent-task-worker';
import type { AgentTask } from '../agent-tasks/entities/agent-task.entity';
import { taskFailureReason } from '../agent-tasks/task-failure-reason';
import { aiCallerOf } from '../agent-tasks/task-starter';
import { Lesson } from '../courses/entities/lesson.entity';

/** What a course-narration task is started with: the course and its lessons with words, in course order. */
export interface CourseNarrationInput extends Record<string, unknown> {
  courseId: string;
  courseTitle: string;
  lessonIds: string[];
}

/** How many lessons got new audio, kept their stored audio, or were gone or emptied since the start. */
export interface CourseNarrationCheckpoint extends Record<string, unknown> {
  narrated: number;
  reused: number;
  skipped: number;
  seconds: number;
}

/** One step per lesson, then the summary. */
export function courseNarrationSteps(lessonCount: number): number {
  return lessonCount + 1;
}

function inputOf(task: AgentTask): CourseNarrationInput {
  return task.input as CourseNarrationInput;
}

/**
 * Narrates a course a lesson a step through svc-ai, which keeps one recording per text and voice:
 * a lesson already narrated with its current text is answered from the store and not spoken again,
 * and each play button of the course then finds its lesson's recording there. The lesson's title and
 * text go exactly as the play buttons send them, and svc-ai picks the voice of the text's language,
 * so both reach the same recording. Nothing is written in svc-courses: `finish` only sums up.
 */
@Injectable()
export class CourseNarrationWorker implements AgentTaskWorker<CourseNarrationCheckpoint>, OnModuleInit {
  readonly jobName = AGENT_TASK_JOBS.COURSE_NARRATION;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workers: AgentTaskWorkers,
    private readonly narration: NarrationClient,
  ) {}

  onModuleInit(): void {
    this.workers.register(this);
  }

  stepLabel(index: number, task: AgentTask): string {
    const { lessonIds } = inputOf(task);
    return index < lessonIds.length ? AGENT_TASK_STEPS.narratingLesson(index + 1, lessonIds.length) : AGENT_TASK_STEPS.summingUp;
  }

  async runStep(index: number, task: AgentTask, checkpoint: CourseNarrationCheckpoint | null): Promise<StepOutcome<CourseNarrationCheckpoint>> {
    const done = checkpoint ?? { narrated: 0, reused: 0, skipped: 0, seconds: 0 };
    const lessonNumber = index + 1;
    const lesson = await this.dataSource.getRepository(Lesson).findOne({ where: { id: inputOf(task).lessonIds[index] }, select: ['id', 'title', 'content'] });
    if (!lesson || !hasSpeakableText(lesson.content)) {
      return { checkpoint: { ...done, skipped: done.skipped + 1 }, log: `Lesson ${lessonNumber}: removed or emptied since the task started; skipped` };
    }
    const reply = await this.narration.narrate({ text: lesson.content, title: lesson.title }, { caller: aiCallerOf(task) }).catch((error: unknown) => {
      throw rpcError(502, `${COURSE_NARRATION_FAILED_MESSAGE} (lesson ${lessonNumber} "${lesson.title}": ${taskFailureReason(error, 'the narration service failed')})`);
    });
    const seconds = done.seconds + (reply.durationSeconds ?? 0);
    if (reply.reused) {
      return { checkpoint: { ...done, reused: done.reused + 1, seconds }, log: `Lesson ${lessonNumber} "${lesson.title}": already narrated for this text; kept` };
    }
    return {
      checkpoint: { ...done, narrated: done.narrated + 1, seconds },
      log: `Lesson ${lessonNumber} "${lesson.title}": narrated${reply.durationSeconds === undefined ? '' : ` (${Math.round(reply.durationSeconds)} s)`}`,
    };
  }

  async finish(_manager: unknown, task: AgentTask, checkpoint: CourseNarrationCheckpoint): Promise<{ result: AgentTaskResult; log: string }> {
    const { courseId, courseTitle } = inputOf(task);
    const lessons = checkpoint.narrated + checkpoint.reused;
    const changes = [
      `${checkpoint.narrated} ${checkpoint.narrated === 1 ? 'lesson' : 'lessons'} narrated`,
      `${checkpoint.reused} already narrated for the same text`,
      ...(checkpoint.skipped > 0 ? [`${checkpoint.skipped} removed or emptied since the start, skipped`] : []),
    ];
    return {
      result: { courseId, courseTitle, lessons, changes, audioSeconds: Math.round(checkpoint.seconds) },
      log: `${lessons} of ${inputOf(task).lessonIds.length} lessons have audio (${changes.join('; ')})`,
    };
  }
}
