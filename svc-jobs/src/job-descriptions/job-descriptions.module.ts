import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { EventsModule } from '@masar/contracts/service-kit';
import { UploadsModule } from '../uploads/uploads.module';
import { JobDescription } from './entities/job-description.entity';
import { JobDescriptionsHandlers } from './job-descriptions.handlers';
import { JobDescriptionsService } from './job-descriptions.service';
import { UploadRequestPipe } from './upload-request.pipe';

@Module({
  imports: [TypeOrmModule.forFeature([JobDescription]), AiModule, UploadsModule, EventsModule],
  controllers: [JobDescriptionsHandlers],
  providers: [JobDescriptionsService, UploadRequestPipe],
  exports: [JobDescriptionsService],
})
export class JobDescriptionsModule {}
