import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { CourseModule } from './course-module.entity';

/** A course in the catalog (spec 001, section 3). Its modules, and their lessons, go when it goes. */
@Entity({ name: 'courses' })
@Index('courses_created_at_idx', ['createdAt'])
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

  @OneToMany(() => CourseModule, (module) => module.course)
  modules?: CourseModule[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
