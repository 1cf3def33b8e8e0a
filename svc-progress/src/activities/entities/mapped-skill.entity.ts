import { Check, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A skill some reviewed job description or confirmed path asks for: the dashboard's Skills Mapped. */
@Entity({ name: 'mapped_skills' })
@Check('mapped_skills_skill_key_check', '"skill_key" = lower(btrim("skill"))')
export class MappedSkill {
  @PrimaryColumn('text', { name: 'skill_key', primaryKeyConstraintName: 'mapped_skills_pkey' })
  skillKey!: string;

  @Column('text')
  skill!: string;

  @CreateDateColumn({ name: 'first_mapped_at', type: 'timestamptz' })
  firstMappedAt!: Date;
}
