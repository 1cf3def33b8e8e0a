import type { Caller, GenerateDemoJobReply, GenerateDemoJobRequest, Language, PredefinedJobRole } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { SkillExtractorClient } from '../ai/skill-extractor.client';
import { JobDescription } from '../job-descriptions/entities/job-description.entity';
import { toJobDescription } from '../job-descriptions/job-descriptions.service';
import { PREDEFINED_ROLE_CATALOG, type PredefinedRoleCatalog } from './predefined-role-catalog';

/**
 * The 15 predefined roles. Each role's stored posting (one per language, made from the role's
 * description the first time it is needed, with its skills from the real extractor) is a read-only
 * template; a learner who picks the role gets their own job description copied from it, and keeps
 * getting that same copy, with their own review, when they pick the role again.
 */
@Injectable()
export class PredefinedRolesService {
  constructor(
    @InjectRepository(JobDescription) private readonly jobDescriptions: Repository<JobDescription>,
    @Inject(PREDEFINED_ROLE_CATALOG) private readonly catalog: PredefinedRoleCatalog,
    private readonly skillExtractor: SkillExtractorClient,
  ) {}

  async generateDemoJob(request: GenerateDemoJobRequest, caller: Caller): Promise<GenerateDemoJobReply> {
    const copy = await this.ensureOwnCopy(request.jobRole, request.language ?? 'en', caller.id);
    const jobDescription = toJobDescription(copy);
    return { title: jobDescription.title, extractedSkills: jobDescription.extractedSkills, jobDescription };
  }

  /**
   * The learner's own copy of a role's posting, copied from the template when they have none.
   * Two requests of one learner may race: the unique copy index lets one insert win, and both read it.
   */
  async ensureOwnCopy(role: PredefinedJobRole, language: Language, ownerId: string): Promise<JobDescription> {
    const existing = await this.findCopy(role, language, ownerId);
    if (existing) {
      return existing;
    }
    const { posting: template } = await this.ensurePosting(role, language);
    await this.jobDescriptions
      .createQueryBuilder()
      .insert()
      .into(JobDescription)
      .values({
        title: template.title,
        content: template.content,
        source: template.source,
        detectedLanguage: template.detectedLanguage,
        extractedSkills: template.extractedSkills,
        reviewedSkills: null,
        createdBy: ownerId,
      })
      .orIgnore()
      .execute();
    const copy = await this.findCopy(role, language, ownerId);
    if (!copy) {
      throw new Error(`The copy of the predefined role "${role}" (${language}) vanished right after it was stored`);
    }
    return copy;
  }

  /**
   * The template of a role in a language, creating it when missing. Several callers (people, other
   * instances seeding) may race: the unique index lets exactly one insert win and the rest read the
   * winner's row.
   */
  async ensurePosting(role: PredefinedJobRole, language: Language): Promise<{ posting: JobDescription; created: boolean }> {
    const existing = await this.findTemplate(role, language);
    if (existing) {
      return { posting: existing, created: false };
    }
    const description = this.catalog.get(role)![language];
    const content = description.content.trim();
    const extraction = await this.skillExtractor.extractSkills({ text: content, language, title: description.title });
    const inserted = await this.jobDescriptions
      .createQueryBuilder()
      .insert()
      .into(JobDescription)
      .values({
        title: description.title.trim(),
        content,
        source: { kind: 'predefined-role', role },
        detectedLanguage: language,
        extractedSkills: extraction.skills,
        reviewedSkills: null,
        createdBy: null,
      })
      .orIgnore()
      .execute();
    const posting = await this.findTemplate(role, language);
    if (!posting) {
      throw new Error(`The posting of the predefined role "${role}" (${language}) vanished right after it was stored`);
    }
    return { posting, created: Array.isArray(inserted.raw) && inserted.raw.length > 0 };
  }

  private findTemplate(role: PredefinedJobRole, language: Language): Promise<JobDescription | null> {
    return this.roleInLanguage(role, language).andWhere('posting.createdBy IS NULL').getOne();
  }

  private findCopy(role: PredefinedJobRole, language: Language, ownerId: string): Promise<JobDescription | null> {
    return this.roleInLanguage(role, language).andWhere('posting.createdBy = :ownerId', { ownerId }).getOne();
  }

  private roleInLanguage(role: PredefinedJobRole, language: Language): SelectQueryBuilder<JobDescription> {
    return this.jobDescriptions
      .createQueryBuilder('posting')
      .where(`posting.source ->> 'kind' = 'predefined-role'`)
      .andWhere(`posting.source ->> 'role' = :role`, { role })
      .andWhere('posting.detectedLanguage = :language', { language });
  }
}
