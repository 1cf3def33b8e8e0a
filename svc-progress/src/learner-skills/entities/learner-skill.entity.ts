import { SKILL_LEVELS, type SkillLevel } from '@masar/contracts';
import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const SKILL_LEVEL_SOURCES = ['self-assessment', 'course'] as const;
export type SkillLevelSource = (typeof SKILL_LEVEL_SOURCES)[number];

/** How well a learner holds one skill, by their own assessment or from a course they completed. */
@Entity({ name: 'learner_skills' })
@Check('learner_skills_skill_key_check', '"skill_key" = lower(btrim("skill"))')
export class LearnerSkill {
  @PrimaryColumn('uuid', { name: 'user_id', primaryKeyConstraintName: 'learner_skills_pkey' })
  userId!: string;

  /** lower(trim(skill)): one row per skill however it is spelled. */
  @PrimaryColumn('text', { name: 'skill_key', primaryKeyConstraintName: 'learner_skills_pkey' })
  skillKey!: string;

  @Column('text')
  skill!: string;

  @Column({ type: 'enum', enum: SKILL_LEVELS, enumName: 'skill_level' })
  level!: SkillLevel;

  @Column({ type: 'enum', enum: SKILL_LEVEL_SOURCES, enumName: 'skill_level_source' })
  source!: SkillLevelSource;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
