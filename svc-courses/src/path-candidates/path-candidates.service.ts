import { FindPathCandidatesReply, FindPathCandidatesRequest, PathCandidateCourse } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { publishedCourseSql } from '../course-publishing/course-visibility';

interface PathCandidateRow {
  id: string;
  title: string;
  title_ar: string | null;
  abbreviation: string;
  kind: PathCandidateCourse['kind'];
  provider: string | null;
  url: string | null;
  level: PathCandidateCourse['level'];
  estimated_hours: string;
  skills: string[];
  prerequisites: string[];
}

/**
 * Every course sharing a skill with $1 (ignoring case), through the GIN index on
 * `lowercase_skills(skills)`. A course without estimated hours is left out: a path schedules by
 * hours, and guessing them would put made-up dates in front of a learner. Paths are learners':
 * drafts are never candidates.
 */
export const PATH_CANDIDATES_SQL = `
  SELECT c.id, c.title, c.title_ar, c.abbreviation, c.kind, c.provider, c.url, c.level,
         c.estimated_hours, c.skills, c.prerequisites
    FROM "courses"."courses" c
   WHERE "courses"."lowercase_skills"(c.skills) && "courses"."lowercase_skills"($1::text[])
     AND c.estimated_hours > 0
     AND ${publishedCourseSql('c')}`;

@Injectable()
export class PathCandidatesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find({ skills }: FindPathCandidatesRequest): Promise<FindPathCandidatesReply> {
    const rows = await this.dataSource.query<PathCandidateRow[]>(PATH_CANDIDATES_SQL, [skills]);
    return { courses: rows.map(toPathCandidate) };
  }
}

export function toPathCandidate(row: PathCandidateRow): PathCandidateCourse {
  return {
    id: row.id,
    title: row.title,
    titleAr: row.title_ar,
    abbreviation: row.abbreviation,
    kind: row.kind,
    provider: row.provider,
    url: row.url,
    level: row.level,
    estimatedHours: Number(row.estimated_hours),
    skills: row.skills,
    prerequisites: row.prerequisites,
  };
}
