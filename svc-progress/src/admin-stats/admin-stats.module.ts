import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivitiesModule } from '../activities/activities.module';
import { LearningPathRecord } from '../learning-paths/entities/learning-path.entity';
import { AdminStatsHandlers } from './admin-stats.handlers';
import { AdminStatsService } from './admin-stats.service';

@Module({
  imports: [TypeOrmModule.forFeature([LearningPathRecord]), ActivitiesModule],
  controllers: [AdminStatsHandlers],
  providers: [AdminStatsService],
})
export class AdminStatsModule {}
