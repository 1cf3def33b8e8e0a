import type { ExerciseFeedback, StoredExerciseAttachment } from '@masar/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { Lesson } from '../../courses/entities/lesson.entity';

/** One learner's submitted work on an exercise lesson, with the self-assessment items they ticked. */
@Entity({ name: 'exercise_submissions' })
@Check('exercise_submissions_attachments_check', `jsonb_typeof("attachments") = 'array' AND jsonb_array_length("attachments") <= 3`)
@Index('exercise_submissions_user_lesson_idx', ['userId', 'lessonId', 'submittedAt'])
export class ExerciseSubmission {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'exercise_submissions_pkey' })
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('uuid', { name: 'lesson_id' })
  lessonId!: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'exercise_submissions_lesson_id_fkey' })
  lesson?: Relation<Lesson>;

  @Column('text')
  work!: string;

  @Column('text', { name: 'checked_items', array: true, default: () => "'{}'" })
  checkedItems!: string[];

  /** The files attached, as stored in EXERCISE_ATTACHMENTS_BUCKET (never the bytes). */
  @Column('jsonb', { default: () => "'[]'" })
  attachments!: StoredExerciseAttachment[];

  /** The feedback written when it was submitted; null for submissions made before feedback existed. */
  @Column('jsonb', { nullable: true })
  feedback!: ExerciseFeedback | null;

  @Column('timestamptz', { name: 'submitted_at', default: () => 'now()' })
  submittedAt!: Date;
}
