import { Achievement, ACHIEVEMENT_KINDS, ACTIVITY_KINDS, LearningPathGeneratedEvent, SystemActivity } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { skillKey } from '../learning-paths/planning/skill-gaps';
import { Activity } from './entities/activity.entity';
import { MappedSkill } from './entities/mapped-skill.entity';

/** An activity to record; `eventKey` names what happened, so recording it again adds nothing. */
export type NewActivity = Pick<Activity, 'eventKey' | 'kind' | 'occurredAt' | 'title'> &
  Partial<Pick<Activity, 'userId' | 'courseId' | 'learningPathId' | 'titleAr' | 'count' | 'skill' | 'level' | 'quarter'>>;

export const ACHIEVEMENTS_SHOWN = 10;
export const SYSTEM_ACTIVITY_SHOWN = 10;

/** The activity feed (dashboard) and the learners' achievements (progress screen), from events. */
@Injectable()
export class ActivitiesService {
  constructor(
    @InjectRepository(Activity) private readonly activities: Repository<Activity>,
    @InjectRepository(MappedSkill) private readonly mappedSkills: Repository<MappedSkill>,
  ) {}

  /** Records each activity once (by event key) inside the caller's transaction. */
  async record(manager: EntityManager, ...activities: NewActivity[]): Promise<void> {
    if (activities.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(Activity)
      .values(activities)
      .orIgnore()
      .execute();
  }

  /** Skills some job or path asks for: the dashboard's Skills Mapped counts them once each. */
  async mapSkills(manager: EntityManager, skills: readonly string[]): Promise<void> {
    const byKey = new Map(skills.filter((skill) => skill.trim()).map((skill) => [skillKey(skill), skill.trim()]));
    if (byKey.size === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(MappedSkill)
      .values([...byKey].map(([key, skill]) => ({ skillKey: key, skill })))
      .orIgnore()
      .execute();
  }

  countMappedSkills(): Promise<number> {
    return this.mappedSkills.count();
  }

  async achievementsOf(userId: string): Promise<Achievement[]> {
    const rows = await this.activities.find({
      where: { userId, kind: In([...ACHIEVEMENT_KINDS]) },
      order: { occurredAt: 'DESC', id: 'ASC' },
      take: ACHIEVEMENTS_SHOWN,
    });
    return rows.map((row) => ({
      kind: row.kind as Achievement['kind'],
      occurredAt: row.occurredAt.toISOString(),
      courseId: row.courseId,
      title: row.title,
      titleAr: row.titleAr,
      skill: row.skill,
      level: row.level,
      quarter: row.quarter,
      learningPathId: row.learningPathId,
    }));
  }

  async recentSystemActivity(): Promise<SystemActivity[]> {
    const rows = await this.activities.find({
      where: { kind: In([...ACTIVITY_KINDS]) },
      order: { occurredAt: 'DESC', id: 'ASC' },
      take: SYSTEM_ACTIVITY_SHOWN,
    });
    return rows.map((row) => ({
      kind: row.kind as SystemActivity['kind'],
      occurredAt: row.occurredAt.toISOString(),
      title: row.title,
      titleAr: row.titleAr,
      count: row.count,
    }));
  }
}

/** The activity a generated path makes, the same whether svc-progress records it itself or reads its event. */
export function learningPathGeneratedActivity(event: LearningPathGeneratedEvent): NewActivity {
  return {
    eventKey: `learning-path-generated:${event.learningPathId}`,
    kind: 'learning-path-generated',
    userId: event.userId,
    occurredAt: new Date(event.occurredAt),
    learningPathId: event.learningPathId,
    title: event.jobTitle,
    count: event.courseCount,
  };
}
