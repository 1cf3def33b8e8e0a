import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { DemoJobGenerationController } from './demo-job-generation.controller';
import { JobDescriptionUploads } from './job-description-uploads';
import { JobFileUploadInterceptor } from './job-file-upload.interceptor';
import { JobsClient } from './jobs.client';
import { JobsController } from './jobs.controller';
import { JobUploadsStore } from './job-uploads.store';

@Module({
  imports: [AiModule],
  controllers: [JobsController, DemoJobGenerationController],
  providers: [JobsClient, JobUploadsStore, JobDescriptionUploads, JobFileUploadInterceptor],
  exports: [JobsClient],
})
export class JobsModule {}
