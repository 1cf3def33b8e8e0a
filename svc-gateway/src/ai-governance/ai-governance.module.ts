import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { IdentityModule } from '../identity/identity.module';
import { AiGovernanceController } from './ai-governance.controller';
import { AiGovernanceService } from './ai-governance.service';

/** `/api/ai-governance`: answered by svc-ai, with people's names from svc-identity. */
@Module({ imports: [AiModule, IdentityModule], controllers: [AiGovernanceController], providers: [AiGovernanceService] })
export class AiGovernanceModule {}
