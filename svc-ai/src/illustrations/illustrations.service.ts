import { Caller, GenerateIllustrationReply, GenerateIllustrationRequest, LESSON_ILLUSTRATION_MESSAGES, OFFLINE_MODEL_NAME } from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { Repository } from 'typeorm';
import { aiCallModelOverride } from '../governance/ai-call-context';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { GovernanceService } from '../governance/governance.service';
import { LESSON_ILLUSTRATORS, LessonIllustration, LessonIllustrator } from '../providers/lesson-illustrator';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';
import { StoredIllustration } from './entities/stored-illustration.entity';

/** The key of a lesson's illustration: the same text, provider and model always give the same one. */
export function illustrationKeyOf(request: GenerateIllustrationRequest, provider: string, model: string): string {
  const made = [provider, model, request.language ?? '', request.title, request.content, request.lessonSummary, request.keyPoints, request.skills];
  return createHash('sha256').update(JSON.stringify(made)).digest('hex');
}

/**
 * Lesson illustrations, metered as the `illustration` feature: one already made for the same text
 * with the same provider and model is given again without asking for another.
 */
@Injectable()
export class IllustrationsService {
  constructor(
    @Inject(LESSON_ILLUSTRATORS) private readonly illustrators: ProvidersByName<LessonIllustrator>,
    @InjectRepository(StoredIllustration) private readonly stored: Repository<StoredIllustration>,
    private readonly meter: AiCallMeter,
    private readonly governance: GovernanceService,
  ) {}

  generate(request: GenerateIllustrationRequest, caller: Caller | null): Promise<GenerateIllustrationReply> {
    const inputCharacters = characterCount(request.title, request.content, request.lessonSummary, ...request.keyPoints);
    return this.meter.run('illustration', caller, inputCharacters, async (provider) => {
      // The meter has read the settings: an admin's model for the feature is the call's override.
      const model =
        provider === 'offline' ? OFFLINE_MODEL_NAME : await this.governance.effectiveModel({ feature: 'illustration', provider, model: aiCallModelOverride() });
      const key = illustrationKeyOf(request, provider, model);
      const kept = await this.stored.findOne({ where: { key }, select: { key: true, width: true, height: true, provider: true, model: true } });
      if (kept) {
        const bytes = await this.byteLengthOf(key);
        return { result: { key, width: kept.width, height: kept.height, bytes, provider, model }, outputCharacters: 0 };
      }
      const picture = await providerFor(this.illustrators, provider, 'illustration').illustrate(request);
      await this.keep(key, picture, provider, model);
      return { result: { key, width: picture.width, height: picture.height, bytes: picture.png.length, provider, model }, outputCharacters: 0 };
    });
  }

  /**
   * The built-in diagram of a text, kept as the offline illustration of the same text is (the same
   * key, so a lesson drawn here is not drawn again there). Unmetered: the work it is part of is.
   */
  async keepDiagram(request: GenerateIllustrationRequest): Promise<string> {
    const key = illustrationKeyOf(request, 'offline', OFFLINE_MODEL_NAME);
    if (await this.stored.exists({ where: { key } })) return key;
    await this.keep(key, await this.illustrators.offline.illustrate(request), 'offline', OFFLINE_MODEL_NAME);
    return key;
  }

  /** Two people asking at once make the same picture: the first one kept stands. */
  private async keep(key: string, picture: LessonIllustration, provider: string, model: string): Promise<void> {
    await this.stored.createQueryBuilder().insert().values({ key, png: picture.png, width: picture.width, height: picture.height, provider, model }).orIgnore().execute();
  }

  async png(key: string): Promise<Buffer> {
    const kept = await this.stored.findOne({ where: { key }, select: { key: true, png: true } });
    if (!kept) throw rpcError(404, LESSON_ILLUSTRATION_MESSAGES.notFound);
    return kept.png;
  }

  private async byteLengthOf(key: string): Promise<number> {
    const [row] = await this.stored.query(`SELECT octet_length("png") AS bytes FROM "ai"."illustrations" WHERE "key" = $1`, [key]);
    return Number(row.bytes);
  }
}
