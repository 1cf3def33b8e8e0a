import {
  type Caller,
  COURSE_NOT_FOUND_MESSAGE,
  type Language,
  languageOfLetters,
  languageSchema,
  type LearningHelperReply,
  learningHelperRequestSchema,
  type RunLearningHelperRequest,
} from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { LearningHelperClient } from '../ai/learning-helper.client';
import { seesDrafts } from '../course-publishing/course-visibility';
import { findCourseSource, findDeeperCourses, findLessonSource, findRelatedLessons, PassageSource } from './helper-library';

export const LESSON_NOT_FOUND_MESSAGE = 'Lesson not found';

type HelperRequest = z.output<typeof learningHelperRequestSchema>;

/** The answer's language: the one asked for, else the course's, else the passage's letters. */
export function helperLanguage(asked: Language | undefined, source: PassageSource | null, content: string): Language {
  if (asked) return asked;
  const courseLanguage = languageSchema.safeParse(source?.language);
  if (courseLanguage.success) return courseLanguage.data;
  return languageOfLetters(content, 'en');
}

/**
 * A learning helper on a search result: the passage the learner chose, with what the library knows
 * around it, answered by svc-ai in the learner's name (metered as their `learning-helpers` use).
 */
@Injectable()
export class LearningHelpersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ai: LearningHelperClient,
  ) {}

  async run(request: HelperRequest, caller: Caller): Promise<LearningHelperReply> {
    return this.ai.run(await this.gather(request, { drafts: seesDrafts(caller) }), { caller });
  }

  /** svc-ai's request: an unknown lesson or course is a 404; a passage with neither id has only what the body gives. */
  async gather(request: HelperRequest, audience: { drafts: boolean } = { drafts: false }): Promise<RunLearningHelperRequest> {
    const source = await this.sourceOf(request, audience);
    const language = helperLanguage(request.language, source, request.content);
    const skills = source?.skills ?? [];
    const courseId = source?.courseId ?? null;
    const manager = this.dataSource.manager;
    // The passage's own language picks where its words are looked up; the answer's decides what comes first.
    const textLanguage = helperLanguage(undefined, source, request.content);
    const [relatedLessons, deeperCourses] = await Promise.all([
      findRelatedLessons(manager, { text: request.content, textLanguage, skills, courseId, language }),
      source ? findDeeperCourses(manager, { id: source.courseId, skills, level: source.level, language }) : Promise.resolve([]),
    ]);
    const { context } = request;
    return {
      action: request.action,
      query: request.query,
      language,
      passage: {
        // The library's titles where it has them; the result's own otherwise.
        courseTitle: source?.courseTitle || context.courseTitle,
        moduleTitle: source?.moduleTitle || context.moduleTitle,
        lessonTitle: source?.lessonTitle || context.lessonTitle,
        text: request.content,
        keyPoints: source?.keyPoints ?? [],
        activities: source?.activities ?? [],
        skills,
        ...(source?.level ? { level: source.level } : {}),
      },
      relatedLessons,
      deeperCourses,
      ...(request.jobRole ? { jobRole: request.jobRole } : {}),
    };
  }

  /** The lesson when the result names one (it must be in the named course, if any), else the course. */
  private async sourceOf({ lessonId, courseId }: HelperRequest, audience: { drafts: boolean }): Promise<PassageSource | null> {
    const manager = this.dataSource.manager;
    if (lessonId) {
      const lesson = await findLessonSource(manager, lessonId, audience);
      if (!lesson || (courseId && lesson.courseId !== courseId)) throw rpcError(404, LESSON_NOT_FOUND_MESSAGE);
      return lesson;
    }
    if (courseId) {
      const course = await findCourseSource(manager, courseId, audience);
      if (!course) throw rpcError(404, COURSE_NOT_FOUND_MESSAGE);
      return course;
    }
    return null;
  }
}
