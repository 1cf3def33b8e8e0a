import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A course svc-courses deleted: what learners planned or opened of it stays, marked removed. */
@Entity({ name: 'removed_courses' })
export class RemovedCourse {
  @PrimaryColumn('uuid', { name: 'course_id', primaryKeyConstraintName: 'removed_courses_pkey' })
  courseId!: string;

  @Column('timestamptz', { name: 'removed_at' })
  removedAt!: Date;
}
