import type { JobDescriptionList, JobDescriptionSummary, ListJobDescriptionsQuery } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ILike, type FindManyOptions, type Repository } from 'typeorm';
import { containsPattern } from '../database/like-pattern';
import { JobDescription } from './entities/job-description.entity';

@Injectable()
export class JobDescriptionsService {
  constructor(@InjectRepository(JobDescription) private readonly jobDescriptions: Repository<JobDescription>) {}

  async list(query: ListJobDescriptionsQuery): Promise<JobDescriptionList> {
    const [rows, total] = await this.jobDescriptions.findAndCount(listFindOptions(query));
    return { items: rows.map(toJobDescriptionSummary), total, page: query.page, pageSize: query.pageSize };
  }
}

/** Newest first (id breaks ties so pages never overlap), `q` matching titles case-insensitively and literally. */
export function listFindOptions(query: ListJobDescriptionsQuery): FindManyOptions<JobDescription> {
  return {
    select: { id: true, title: true, content: true, extractedSkills: true, createdAt: true },
    where: query.q ? { title: ILike(containsPattern(query.q)) } : {},
    order: { createdAt: 'DESC', id: 'DESC' },
    skip: (query.page - 1) * query.pageSize,
    take: query.pageSize,
  };
}

export function toJobDescriptionSummary(row: JobDescription): JobDescriptionSummary {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    extractedSkills: row.extractedSkills,
    createdAt: row.createdAt.toISOString(),
  };
}
