import { AiContentLabel, LESSON_TYPES, LessonEnhancement, LessonSourceRef, LessonType, LessonVideo } from '@masar/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation, Unique } from 'typeorm';
import { CourseModule } from './course-module.entity';

/**
 * A lesson of a module (spec 001, section 3). Whether a person completed it is progress data:
 * svc-progress records it, not this table.
 */
@Entity({ name: 'lessons' })
// A GIN index on courses.lesson_search_vector(title, content), made by the migration: TypeORM cannot describe an expression index.
@Index('lessons_search_idx', { synchronize: false })
@Unique('lessons_module_position_key', ['moduleId', 'position'])
export class Lesson {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'lessons_pkey' })
  id!: string;

  @Column('uuid', { name: 'module_id' })
  moduleId!: string;

  @ManyToOne(() => CourseModule, (module) => module.lessons, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'module_id', foreignKeyConstraintName: 'lessons_module_id_fkey' })
  // Relation<> keeps the decorator metadata from touching CourseModule while the two files load each other.
  module?: Relation<CourseModule>;

  /** Order within the module, from 0. */
  @Column('integer')
  position!: number;

  @Column('text')
  title!: string;

  @Column('text')
  duration!: string;

  @Column({ type: 'enum', enum: LESSON_TYPES, enumName: 'lesson_type' })
  type!: LessonType;

  @Column('text')
  content!: string;

  @Column('text', { name: 'key_points', array: true, default: () => "'{}'" })
  keyPoints!: string[];

  @Column('text', { array: true, default: () => "'{}'" })
  activities!: string[];

  /** The catalog lessons or document sections this lesson's text came from; empty for lessons written directly. */
  @Column('jsonb', { default: () => "'[]'" })
  sources!: LessonSourceRef[];

  /** What the Content Enhancement agent changed here, oldest first (shown to admins on the course page). */
  @Column('jsonb', { default: () => "'[]'" })
  enhancements!: LessonEnhancement[];

  /** Which AI feature and model wrote the lesson, and when; null for lessons people wrote (admins see it). */
  @Column('jsonb', { name: 'ai_label', nullable: true })
  aiLabel!: AiContentLabel | null;

  /** A video lesson's link or uploaded file, canonical (contracts' lessonVideoSchema); null when it has none. */
  @Column('jsonb', { nullable: true })
  video!: LessonVideo | null;
}
