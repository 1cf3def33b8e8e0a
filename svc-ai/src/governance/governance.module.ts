import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PromptsModule } from '../prompts/prompts.module';
import { AiCallMeter } from './ai-call-meter';
import { AiBudgetOverride } from './entities/ai-budget-override.entity';
import { AiBudgetSetting } from './entities/ai-budget-setting.entity';
import { AiCallRecord } from './entities/ai-call.entity';
import { AiFeatureSetting } from './entities/ai-feature-setting.entity';
import { AiNoticeAcceptance } from './entities/ai-notice-acceptance.entity';
import { AiNoticeVersion } from './entities/ai-notice.entity';
import { GovernanceHandlers } from './governance.handlers';
import { GovernanceService } from './governance.service';

/** Every entity of AI governance, for the data source. */
export const GOVERNANCE_ENTITIES = [AiCallRecord, AiFeatureSetting, AiBudgetSetting, AiBudgetOverride, AiNoticeVersion, AiNoticeAcceptance];

/** AI governance: its admin subjects, the caller's status and admission, and the meter every AI feature runs through. */
@Module({
  imports: [TypeOrmModule.forFeature(GOVERNANCE_ENTITIES), PromptsModule],
  controllers: [GovernanceHandlers],
  providers: [GovernanceService, AiCallMeter],
  exports: [GovernanceService, AiCallMeter],
})
export class GovernanceModule {}
