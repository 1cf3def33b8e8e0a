import { Module } from '@nestjs/common';
import { SkillExtractorClient } from './skill-extractor.client';
import { NatsClientModule } from '@masar/contracts/service-kit';

@Module({
  imports: [NatsClientModule],
  providers: [SkillExtractorClient],
  exports: [SkillExtractorClient],
})
export class AiModule {}
