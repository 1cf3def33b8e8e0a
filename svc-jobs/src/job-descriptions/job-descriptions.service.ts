import {
  type Caller,
  type CreateJobDescriptionFromFileRequest,
  type CreateJobDescriptionFromTextRequest,
  type DeleteJobDescriptionReply,
  EVENT_SUBJECTS,
  type JobDescription as JobDescriptionReplyItem,
  type JobDescriptionList,
  JOB_DESCRIPTION_NOT_FOUND_MESSAGE,
  JOB_TITLE_MAX_LENGTH,
  type JobDescriptionSource,
  type JobDescriptionSummary,
  type ListJobDescriptionsQuery,
  type ListJobDescriptionsRequest,
  type SaveReviewedSkillsRequest,
  withoutNulCharacters,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Logger } from 'pino';
import { ILike, type FindManyOptions, type FindOperator, type Repository } from 'typeorm';
import { SkillExtractorClient } from '../ai/skill-extractor.client';
import { JOBS_CONFIG, JobsConfig } from '../config';
import { containsPattern, EventsPublisher, LOGGER, rpcError } from '@masar/contracts/service-kit';
import { extractDocumentText } from '../documents/document-text-extractor';
import { JobUploadsStore } from '../uploads/job-uploads.store';
import { detectLanguage } from './detect-language';
import { JobDescription } from './entities/job-description.entity';
import { ownerCondition } from './ownership';
import { buildReviewedSkillSet } from './reviewed-skills';

/** Missing and somebody else's answer alike (404, not 403), so ids cannot be probed. */
export const JOB_DESCRIPTION_NOT_FOUND = JOB_DESCRIPTION_NOT_FOUND_MESSAGE;
/** The spec's default title for pasted text (section 5). */
export const DEFAULT_TEXT_TITLE = 'Job Description';

interface NewPosting {
  title: string;
  content: string;
  source: JobDescriptionSource;
  createdBy: string;
}

@Injectable()
export class JobDescriptionsService {
  constructor(
    @InjectRepository(JobDescription) private readonly jobDescriptions: Repository<JobDescription>,
    private readonly skillExtractor: SkillExtractorClient,
    private readonly uploads: JobUploadsStore,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
    private readonly events: EventsPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The caller's own job descriptions; an admin's list holds everybody's, or `ownerId`'s. */
  async list(request: ListJobDescriptionsRequest, caller: Caller): Promise<JobDescriptionList> {
    const [rows, total] = await this.jobDescriptions.findAndCount(listFindOptions(request, ownerCondition(caller, request.ownerId)));
    return { items: rows.map(toJobDescriptionSummary), total, page: request.page, pageSize: request.pageSize };
  }

  async get(id: string, caller: Caller): Promise<JobDescriptionReplyItem> {
    return toJobDescription(await this.findOrFail(id, caller));
  }

  async createFromText(request: CreateJobDescriptionFromTextRequest, caller: Caller): Promise<JobDescriptionReplyItem> {
    return this.create({
      title: request.title || DEFAULT_TEXT_TITLE,
      // PostgreSQL text cannot hold NUL characters, and no posting needs one.
      content: withoutNulCharacters(request.content).trim(),
      source: { kind: 'text' },
      createdBy: caller.id,
    }, caller);
  }

  /** Reads (and deletes) the upload, takes its text, extracts the skills and only then stores a row. */
  async createFromFile(request: CreateJobDescriptionFromFileRequest, caller: Caller): Promise<JobDescriptionReplyItem> {
    const bytes = await this.uploads.take(request.objectName, this.config.maxUploadBytes);
    const document = await extractDocumentText(bytes, request.fileName);
    const fileName = baseNameOf(request.fileName);
    return this.create({
      title: request.title || titleFromFileName(fileName),
      content: document.text,
      source: { kind: 'file', fileName, mediaType: document.mediaType },
      createdBy: caller.id,
    }, caller);
  }

  /** Only the owner (or an admin) may review; the reviewer is the caller. */
  async saveReviewedSkills(request: SaveReviewedSkillsRequest, caller: Caller): Promise<JobDescriptionReplyItem> {
    const row = await this.findOrFail(request.id, caller);
    const reviewedSkills = buildReviewedSkillSet(row.extractedSkills, request.review, caller.id, new Date());
    row.reviewedSkills = reviewedSkills;
    await this.jobDescriptions.update({ id: row.id }, { reviewedSkills });
    // Saved first: a stream that is away costs other services the news, never the reviewer the review.
    await this.events
      .publish(
        EVENT_SUBJECTS.JOB_SKILLS_REVIEWED,
        {
          jobDescriptionId: row.id,
          title: row.title,
          skills: [...reviewedSkills.approved, ...reviewedSkills.custom].map((skill) => skill.name),
          reviewedBy: reviewedSkills.reviewedBy,
          occurredAt: reviewedSkills.reviewedAt,
        },
        `${row.id}:${reviewedSkills.reviewedAt}`,
      )
      .catch((error: unknown) =>
        this.logger.warn({ err: error, jobDescriptionId: row.id }, 'job-skills-reviewed event not published'),
      );
    return toJobDescription(row);
  }

  async delete(id: string, caller: Caller): Promise<DeleteJobDescriptionReply> {
    const result = await this.jobDescriptions.delete({ id, createdBy: ownerCondition(caller) });
    if (!result.affected) {
      throw rpcError(404, JOB_DESCRIPTION_NOT_FOUND);
    }
    return { deleted: true, id };
  }

  /** Extraction comes first, asked for the caller: when svc-ai cannot answer or refuses them, nothing is stored. */
  private async create(posting: NewPosting, caller: Caller): Promise<JobDescriptionReplyItem> {
    const detectedLanguage = detectLanguage(posting.content);
    // The title goes along: "Senior …" sets the level of the skills the text names no level for.
    const extraction = await this.skillExtractor.extractSkills({ text: posting.content, language: detectedLanguage, title: posting.title }, caller);
    const row = await this.jobDescriptions.save(
      this.jobDescriptions.create({ ...posting, detectedLanguage, extractedSkills: extraction.skills, reviewedSkills: null }),
    );
    return toJobDescription(row);
  }

  /** The row when the caller may address it; missing and somebody else's are the same 404. */
  private async findOrFail(id: string, caller: Caller): Promise<JobDescription> {
    const row = await this.jobDescriptions.findOneBy({ id, createdBy: ownerCondition(caller) });
    if (!row) {
      throw rpcError(404, JOB_DESCRIPTION_NOT_FOUND);
    }
    return row;
  }
}

/** Browsers may send a path ("C:\fakepath\cv.pdf"): only the last part names the file. */
export function baseNameOf(fileName: string): string {
  const parts = fileName.split(/[\\/]/);
  return parts[parts.length - 1] || fileName;
}

/** The spec's default title for a file: its name without the extension ("Data Analyst.pdf" → "Data Analyst"). */
export function titleFromFileName(fileName: string): string {
  const withoutExtension = fileName.replace(/\.[^.]*$/, '').trim();
  return (withoutExtension || fileName).slice(0, JOB_TITLE_MAX_LENGTH);
}

/**
 * Newest first (id breaks ties so pages never overlap), `q` matching titles case-insensitively and
 * literally, only the rows whose owner matches `owner` (see ownerCondition).
 */
export function listFindOptions(
  query: ListJobDescriptionsQuery,
  owner: string | FindOperator<string>,
): FindManyOptions<JobDescription> {
  return {
    where: query.q ? { createdBy: owner, title: ILike(containsPattern(query.q)) } : { createdBy: owner },
    order: { createdAt: 'DESC', id: 'DESC' },
    skip: (query.page - 1) * query.pageSize,
    take: query.pageSize,
  };
}

export function toJobDescription(row: JobDescription): JobDescriptionReplyItem {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    source: row.source,
    detectedLanguage: row.detectedLanguage,
    extractedSkills: row.extractedSkills,
    reviewedSkills: row.reviewedSkills,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toJobDescriptionSummary(row: JobDescription): JobDescriptionSummary {
  const { createdBy: _createdBy, ...summary } = toJobDescription(row);
  return summary;
}
