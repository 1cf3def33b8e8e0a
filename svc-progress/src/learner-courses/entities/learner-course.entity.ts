import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A course a learner opened, with what the gateway reported of it along with their lessons: its
 * lessons (to tell when it is complete), skills and level (what completing it raises).
 */
@Entity({ name: 'learner_courses' })
@Check('learner_courses_lessons_check', 'cardinality("lesson_ids") > 0')
export class LearnerCourse {
  @PrimaryColumn('uuid', { name: 'user_id', primaryKeyConstraintName: 'learner_courses_pkey' })
  userId!: string;

  @PrimaryColumn('uuid', { name: 'course_id', primaryKeyConstraintName: 'learner_courses_pkey' })
  courseId!: string;

  @Column('text')
  title!: string;

  @Column('text', { name: 'title_ar', nullable: true })
  titleAr!: string | null;

  @Column('text')
  description!: string;

  @Column('text')
  duration!: string;

  @Column('text', { nullable: true })
  level!: string | null;

  @Column('text', { array: true, default: () => "'{}'" })
  skills!: string[];

  @Column('uuid', { name: 'lesson_ids', array: true })
  lessonIds!: string[];

  @Column('timestamptz', { name: 'started_at' })
  startedAt!: Date;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
