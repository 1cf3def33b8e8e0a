import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A learner's best passed score on one quiz, for the grade of its course in an LMS. */
@Entity({ name: 'lti_quiz_results' })
@Index('lti_quiz_results_user_course', ['userId', 'courseId'])
@Check('lti_quiz_results_best_score_check', '"best_score" BETWEEN 0 AND 100')
export class LtiQuizResult {
  @PrimaryColumn('uuid', { name: 'user_id', primaryKeyConstraintName: 'lti_quiz_results_pkey' })
  userId!: string;

  @PrimaryColumn('uuid', { name: 'lesson_id', primaryKeyConstraintName: 'lti_quiz_results_pkey' })
  lessonId!: string;

  @Column('uuid', { name: 'course_id' })
  courseId!: string;

  /** Percent, 0 to 100 (numeric comes back from pg as a string). */
  @Column('numeric', { name: 'best_score', precision: 5, scale: 2 })
  bestScore!: string;

  @Column('timestamptz', { name: 'passed_at' })
  passedAt!: Date;
}
