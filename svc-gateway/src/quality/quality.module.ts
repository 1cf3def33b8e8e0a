import { Module } from '@nestjs/common';
import { QualityClient } from './quality.client';
import { QualityController } from './quality.controller';

@Module({ controllers: [QualityController], providers: [QualityClient] })
export class QualityModule {}
