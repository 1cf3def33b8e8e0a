import type { GenerateDemoJobReply, GenerateDemoJobRequest, Language, PredefinedJobRole } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SkillExtractorClient } from '../ai/skill-extractor.client';
import { JobDescription } from '../job-descriptions/entities/job-description.entity';
import { toJobDescription } from '../job-descriptions/job-descriptions.service';
import { PREDEFINED_ROLE_CATALOG, type PredefinedRoleCatalog } from './predefined-role-catalog';

/**
 * The 15 predefined roles as stored postings: one per role and language, made from the role's
 * description the first time it is needed, with its skills from the real extractor.
 */
@Injectable()
export class PredefinedRolesService {
  constructor(
    @InjectRepository(JobDescription) private readonly jobDescriptions: Repository<JobDescription>,
    @Inject(PREDEFINED_ROLE_CATALOG) private readonly catalog: PredefinedRoleCatalog,
    private readonly skillExtractor: SkillExtractorClient,
  ) {}

  async generateDemoJob(request: GenerateDemoJobRequest): Promise<GenerateDemoJobReply> {
    const { posting } = await this.ensurePosting(request.jobRole, request.language ?? 'en');
    const jobDescription = toJobDescription(posting);
    return { title: jobDescription.title, extractedSkills: jobDescription.extractedSkills, jobDescription };
  }

  /**
   * The stored posting of a role in a language, creating it when missing. Several callers (people,
   * other instances seeding) may race: the unique index lets exactly one insert win and the rest
   * read the winner's row.
   */
  async ensurePosting(role: PredefinedJobRole, language: Language): Promise<{ posting: JobDescription; created: boolean }> {
    const existing = await this.findPosting(role, language);
    if (existing) {
      return { posting: existing, created: false };
    }
    const description = this.catalog.get(role)![language];
    const content = description.content.trim();
    const extraction = await this.skillExtractor.extractSkills({ text: content, language });
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
    const posting = await this.findPosting(role, language);
    if (!posting) {
      throw new Error(`The posting of the predefined role "${role}" (${language}) vanished right after it was stored`);
    }
    // ON CONFLICT DO NOTHING returns no row when another caller's insert won.
    return { posting, created: Array.isArray(inserted.raw) && inserted.raw.length > 0 };
  }

  private findPosting(role: PredefinedJobRole, language: Language): Promise<JobDescription | null> {
    return this.jobDescriptions
      .createQueryBuilder('posting')
      .where(`posting.source ->> 'kind' = 'predefined-role'`)
      .andWhere(`posting.source ->> 'role' = :role`, { role })
      .andWhere('posting.detectedLanguage = :language', { language })
      .getOne();
  }
}
