import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, Relation, Unique } from 'typeorm';
import { Course } from './course.entity';
import { Lesson } from './lesson.entity';

/** A module of a course (spec 001 calls it Module; this name avoids clashing with Nest's `Module`). */
@Entity({ name: 'modules' })
@Unique('modules_course_position_key', ['courseId', 'position'])
export class CourseModule {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'modules_pkey' })
  id!: string;

  @Column('uuid', { name: 'course_id' })
  courseId!: string;

  @ManyToOne(() => Course, (course) => course.modules, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'modules_course_id_fkey' })
  // Relation<> keeps the decorator metadata from touching Course while the two files load each other.
  course?: Relation<Course>;

  /** Order within the course, from 0. */
  @Column('integer')
  position!: number;

  @Column('text')
  title!: string;

  @Column('text')
  description!: string;

  @OneToMany(() => Lesson, (lesson) => lesson.module)
  lessons?: Lesson[];
}
