import { Module } from '@nestjs/common';
import { LearningPathsClient } from './learning-paths.client';
import { LearningPathsController } from './learning-paths.controller';

@Module({ controllers: [LearningPathsController], providers: [LearningPathsClient], exports: [LearningPathsClient] })
export class LearningPathsModule {}
