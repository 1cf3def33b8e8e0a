import { AiContentLabel, COURSE_KINDS, COURSE_LEVELS, COURSE_STATUSES, CourseKind, CourseLevel, CourseStatus } from '@masar/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  OneToMany,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
  ValueTransformer,
} from 'typeorm';
import { CourseModule } from './course-module.entity';

/** pg returns numeric as text (it may not fit a JS number); hours always do. */
const numericAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** A course in the catalog (spec 001, section 3). Its modules, and their lessons, go when it goes. */
@Entity({ name: 'courses' })
// Newest-first indexes (created_at DESC, id DESC; also after level and kind) and a trigram index on the
// title, made by the migrations: TypeORM cannot describe descending or operator-class indexes.
@Index('courses_newest_first_idx', { synchronize: false })
@Index('courses_level_newest_first_idx', { synchronize: false })
@Index('courses_kind_newest_first_idx', { synchronize: false })
@Index('courses_title_trigram_idx', { synchronize: false })
@Index('courses_published_newest_first_idx', { synchronize: false })
// A GIN index on courses.lowercase_skills(skills), made by the migration: TypeORM cannot describe an expression index.
@Index('courses_skills_lower_idx', { synchronize: false })
@Unique('courses_seed_key_key', ['seedKey'])
export class Course {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'courses_pkey' })
  id!: string;

  @Column('text')
  title!: string;

  @Column('text')
  description!: string;

  @Column('text', { nullable: true })
  objective!: string | null;

  /** As people write it, e.g. "6 weeks". */
  @Column('text')
  duration!: string;

  /** E.g. "Online", "Blended". */
  @Column('text')
  format!: string;

  @Column('text', { name: 'department_owner' })
  departmentOwner!: string;

  /** One of COURSE_COLORS; kept as text because screens show an unknown color as gray. */
  @Column('text')
  color!: string;

  /** The short code shown on the course card, e.g. "DM". */
  @Column('text')
  abbreviation!: string;

  @Column('text', { name: 'image_url', nullable: true })
  imageUrl!: string | null;

  @Column('text', { array: true, default: () => "'{}'" })
  prerequisites!: string[];

  @Column('text', { name: 'title_ar', nullable: true })
  titleAr!: string | null;

  @Column('text', { name: 'description_ar', nullable: true })
  descriptionAr!: string | null;

  /** Canonical taxonomy names (svc-ai), so recommendations and learning paths can match them. */
  @Column('text', { array: true, default: () => "'{}'" })
  skills!: string[];

  @Column({ type: 'enum', enum: COURSE_LEVELS, enumName: 'course_level', nullable: true })
  level!: CourseLevel | null;

  @Column('text', { nullable: true })
  category!: string | null;

  /** ISO 639-1 code. */
  @Column('text', { default: 'en' })
  language!: string;

  @Column({ type: 'enum', enum: COURSE_KINDS, enumName: 'course_kind', default: 'internal' })
  kind!: CourseKind;

  /** External training only: who offers it and its catalog page. */
  @Column('text', { nullable: true })
  provider!: string | null;

  @Column('text', { nullable: true })
  url!: string | null;

  @Column('numeric', { name: 'estimated_hours', precision: 6, scale: 1, nullable: true, transformer: numericAsNumber })
  estimatedHours!: number | null;

  /** The slug of the seed file entry this course came from; null for courses people created. */
  @Column('text', { name: 'seed_key', nullable: true })
  seedKey!: string | null;

  /** The user who created it; null for the seed catalog. */
  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  /** Which AI feature and model wrote the course (Ready AI, AI Generate with materials), and when; admins see it. */
  @Column('jsonb', { name: 'ai_label', nullable: true })
  aiLabel!: AiContentLabel | null;

  /**
   * A draft is seen by admins only (migration 1796300000000): every course people or generators make
   * starts as one; the seed catalog and external training are published as they are written.
   */
  @Column({ type: 'enum', enum: COURSE_STATUSES, enumName: 'course_status', default: 'draft' })
  status!: CourseStatus;

  /** When it was last published; null for a course never published. */
  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt!: Date | null;

  @OneToMany(() => CourseModule, (module) => module.course)
  modules?: CourseModule[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
