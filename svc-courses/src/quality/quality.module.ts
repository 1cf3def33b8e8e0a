import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentTasksModule } from '../agent-tasks/agent-tasks.module';
import { AiModule } from '../ai/ai.module';
import { CatalogModule } from '../catalog/catalog.module';
import { QualityFinding } from './entities/quality-finding.entity';
import { QualityReview } from './entities/quality-review.entity';
import { QualityHandlers } from './quality.handlers';
import { QualityReportsService } from './quality-reports.service';
import { QualityReviewService } from './quality-review.service';
import { QualityReviewWorker } from './quality-review.worker';
import { SeedQualityReviewRunner } from './seed-quality-review.runner';

/** The Quality Assurance agent: its reviews, the worker that writes them, and the subjects that read them. */
@Module({
  imports: [AgentTasksModule, AiModule, CatalogModule, TypeOrmModule.forFeature([QualityReview, QualityFinding])],
  controllers: [QualityHandlers],
  providers: [QualityReviewService, QualityReportsService, QualityReviewWorker, SeedQualityReviewRunner],
  exports: [QualityReviewService],
})
export class QualityModule {}
