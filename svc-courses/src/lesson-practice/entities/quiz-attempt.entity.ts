import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import type { GradedQuestion, SubmitQuizAttemptBody } from '@masar/contracts';
import { Lesson } from '../../courses/entities/lesson.entity';

/** One learner's graded attempt at a quiz lesson: theirs alone (the user id comes from the gateway's caller header). */
@Entity({ name: 'quiz_attempts' })
@Index('quiz_attempts_user_lesson_idx', ['userId', 'lessonId', 'submittedAt'])
export class QuizAttempt {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'quiz_attempts_pkey' })
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('uuid', { name: 'lesson_id' })
  lessonId!: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lesson_id', foreignKeyConstraintName: 'quiz_attempts_lesson_id_fkey' })
  lesson?: Relation<Lesson>;

  @Column('jsonb')
  answers!: SubmitQuizAttemptBody['answers'];

  /** Each question's grade, explanation included, as the learner was shown it. */
  @Column('jsonb')
  graded!: GradedQuestion[];

  @Column('integer', { name: 'correct_count' })
  correctCount!: number;

  @Column('integer', { name: 'question_count' })
  questionCount!: number;

  @Column('integer')
  score!: number;

  @Column('boolean')
  passed!: boolean;

  @Column('timestamptz', { name: 'submitted_at', default: () => 'now()' })
  submittedAt!: Date;
}
