import { Module } from '@nestjs/common';
import { NatsClientModule } from '../nats/nats-client.module';
import { SkillExtractorClient } from './skill-extractor.client';

@Module({
  imports: [NatsClientModule],
  providers: [SkillExtractorClient],
  exports: [SkillExtractorClient],
})
export class AiModule {}
