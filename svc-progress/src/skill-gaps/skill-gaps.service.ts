import type { PathCandidateCourse, SkillGap } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PathCandidatesClient } from '../courses/path-candidates.client';
import { LearnerCourse } from '../learner-courses/entities/learner-course.entity';
import { LearnerSkillsService } from '../learner-skills/learner-skills.service';
import type { LearningPathRecord } from '../learning-paths/entities/learning-path.entity';
import { chooseCourses, gapsWithinCatalogReach, type ChosenCourse } from '../learning-paths/planning/course-cover';
import { skillKey } from '../learning-paths/planning/skill-gaps';
import { reassessPathGaps } from './reassess-path-gaps';

export interface PathGapsToday {
  gaps: SkillGap[];
  /** The courses to plan, in order: the kept ones first, then any chosen for gaps that are new. */
  chosen: ChosenCourse[];
}

/** A path's gaps against the learner's skill profile as it stands now (self-assessed or raised by courses). */
@Injectable()
export class SkillGapsService {
  constructor(
    @InjectRepository(LearnerCourse) private readonly learnerCourses: Repository<LearnerCourse>,
    private readonly learnerSkills: LearnerSkillsService,
    private readonly candidates: PathCandidatesClient,
  ) {}

  /** `waitingForNextYear`: skill keys whose courses wait for next year, so they need no new course now. */
  async gapsToday(
    record: LearningPathRecord,
    chosen: readonly ChosenCourse[],
    waitingForNextYear: ReadonlySet<string> = new Set(),
  ): Promise<PathGapsToday> {
    const [levels, opened] = await Promise.all([
      this.learnerSkills.currentLevels(record.userId),
      this.learnerCourses.find({ select: { courseId: true }, where: { userId: record.userId } }),
    ]);
    const reassessed = reassessPathGaps(
      record.confirmedSkills,
      levels,
      chosen,
      new Set(opened.map((course) => course.courseId)),
    );
    const { gaps, kept } = reassessed;
    const unclosed = reassessed.unclosed.filter((gap) => !waitingForNextYear.has(skillKey(gap.skill)));
    if (unclosed.length === 0) return { gaps, chosen: kept };
    const inPath = new Set(kept.map((choice) => choice.course.id));
    const offered = (await this.candidates.find(unclosed.map((gap) => gap.skill))).filter(
      (course: PathCandidateCourse) => !inPath.has(course.id),
    );
    return { gaps, chosen: [...kept, ...chooseCourses(gapsWithinCatalogReach(unclosed, offered), offered).chosen] };
  }
}
