import {
  AcquiredSkill,
  EVENT_SUBJECTS,
  SaveSelfAssessmentRequest,
  courseReachedLevel,
  skillLevelRank,
  type CourseLevel,
  type SkillLevel,
} from '@masar/contracts';
import { EventOutbox } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { EntityManager, In, Repository } from 'typeorm';
import { skillKey } from '../learning-paths/planning/skill-gaps';
import { LearnerSkill } from './entities/learner-skill.entity';

/** A skill a completed course raised, and the level it now stands at. */
export interface RaisedSkill {
  skill: string;
  level: SkillLevel;
}

/** The learner skill profile: each skill's current level, by skill key (lower-cased, trimmed name). */
@Injectable()
export class LearnerSkillsService {
  constructor(
    @InjectRepository(LearnerSkill) private readonly skills: Repository<LearnerSkill>,
    private readonly outbox: EventOutbox,
  ) {}

  async currentLevels(userId: string): Promise<Map<string, SkillLevel>> {
    const rows = await this.skills.find({ select: { skillKey: true, level: true }, where: { userId } });
    return new Map(rows.map((row) => [row.skillKey, row.level]));
  }

  /** The profile as the learner sees it: strongest first, then by name. */
  async list(userId: string): Promise<AcquiredSkill[]> {
    const rows = await this.skills.find({ where: { userId } });
    return rows
      .filter((row) => row.level !== 'none')
      .sort((a, b) => skillLevelRank(b.level) - skillLevelRank(a.level) || a.skillKey.localeCompare(b.skillKey, 'en'))
      .map(toAcquiredSkill);
  }

  /**
   * The learner's own levels for the listed skills, in one transaction: `none` takes a skill off
   * the profile; a listed level replaces whatever stood (the learner knows best); others stay.
   */
  async saveSelfAssessment(userId: string, { skills }: SaveSelfAssessmentRequest): Promise<AcquiredSkill[]> {
    await this.skills.manager.transaction(async (manager) => {
      const repository = manager.getRepository(LearnerSkill);
      const before = await repository.find({
        select: { skillKey: true, level: true },
        where: { userId, skillKey: In(skills.map((entry) => skillKey(entry.skill))) },
      });
      const levelBefore = new Map(before.map((row) => [row.skillKey, row.level]));
      // The learning record hears of the levels this save changed, written with them.
      const changes = skills
        .filter((entry) => (levelBefore.get(skillKey(entry.skill)) ?? 'none') !== entry.level)
        .map((entry) => ({ skill: entry.skill.trim(), level: entry.level }));
      if (changes.length > 0) {
        const assessmentId = randomUUID();
        const event = { assessmentId, userId, changes, occurredAt: new Date().toISOString() };
        await this.outbox.add(manager, EVENT_SUBJECTS.SKILLS_SELF_ASSESSED, event, assessmentId);
      }
      const removed = skills.filter((entry) => entry.level === 'none').map((entry) => skillKey(entry.skill));
      if (removed.length > 0) {
        await repository
          .createQueryBuilder()
          .delete()
          .where('user_id = :userId AND skill_key IN (:...removed)', { userId, removed })
          .execute();
      }
      const assessed = skills.filter((entry) => entry.level !== 'none');
      if (assessed.length > 0) {
        await repository.upsert(
          assessed.map((entry) => ({
            userId,
            skillKey: skillKey(entry.skill),
            skill: entry.skill.trim(),
            level: entry.level,
            source: 'self-assessment' as const,
          })),
          ['userId', 'skillKey'],
        );
      }
    });
    // Stored on the stream before the answer, as publishers do; a stream that is away leaves it for the timer.
    await this.outbox.relay();
    return this.list(userId);
  }

  /**
   * Completing a course of `courseLevel` raises each skill it teaches to the level that course
   * reaches; a skill already at or above it stays. Answers the skills that rose.
   */
  async raiseFromCourse(
    manager: EntityManager,
    userId: string,
    courseSkills: readonly string[],
    courseLevel: CourseLevel | null,
  ): Promise<RaisedSkill[]> {
    const reached = courseReachedLevel({ level: courseLevel });
    const repository = manager.getRepository(LearnerSkill);
    const byKey = new Map(courseSkills.map((skill) => [skillKey(skill), skill.trim()]));
    if (byKey.size === 0) return [];
    const current = await repository
      .createQueryBuilder('learnerSkill')
      .setLock('pessimistic_write')
      .where('learnerSkill.user_id = :userId AND learnerSkill.skill_key IN (:...keys)', { userId, keys: [...byKey.keys()] })
      .getMany();
    const levelByKey = new Map(current.map((row) => [row.skillKey, row.level]));
    const raised = [...byKey].filter(([key]) => skillLevelRank(levelByKey.get(key) ?? 'none') < skillLevelRank(reached));
    if (raised.length === 0) return [];
    await repository.upsert(
      raised.map(([key, skill]) => ({ userId, skillKey: key, skill, level: reached, source: 'course' as const })),
      ['userId', 'skillKey'],
    );
    return raised.map(([, skill]) => ({ skill, level: reached }));
  }
}

function toAcquiredSkill(row: LearnerSkill): AcquiredSkill {
  return { skill: row.skill, level: row.level, source: row.source, updatedAt: row.updatedAt.toISOString() };
}
