import { CourseList, CourseSummary, ListCoursesQuery } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FindManyOptions, ILike, Repository } from 'typeorm';
import { containsPattern } from '../database/like-pattern';
import { Course } from './entities/course.entity';

@Injectable()
export class CoursesService {
  constructor(@InjectRepository(Course) private readonly courses: Repository<Course>) {}

  async list(query: ListCoursesQuery): Promise<CourseList> {
    const [rows, total] = await this.courses.findAndCount(listFindOptions(query));
    return { items: rows.map(toCourseSummary), total, page: query.page, pageSize: query.pageSize };
  }
}

/** Newest first (id breaks ties so pages never overlap), `q` matching titles case-insensitively and literally. */
export function listFindOptions(query: ListCoursesQuery): FindManyOptions<Course> {
  return {
    select: {
      id: true,
      title: true,
      description: true,
      duration: true,
      format: true,
      departmentOwner: true,
      color: true,
      abbreviation: true,
      imageUrl: true,
      createdAt: true,
    },
    where: query.q ? { title: ILike(containsPattern(query.q)) } : {},
    order: { createdAt: 'DESC', id: 'DESC' },
    skip: (query.page - 1) * query.pageSize,
    take: query.pageSize,
  };
}

export function toCourseSummary(row: Course): CourseSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    duration: row.duration,
    format: row.format,
    departmentOwner: row.departmentOwner,
    color: row.color,
    abbreviation: row.abbreviation,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
