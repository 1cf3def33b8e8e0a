import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobDescription } from './entities/job-description.entity';
import { JobDescriptionsHandlers } from './job-descriptions.handlers';
import { JobDescriptionsService } from './job-descriptions.service';

@Module({
  imports: [TypeOrmModule.forFeature([JobDescription])],
  controllers: [JobDescriptionsHandlers],
  providers: [JobDescriptionsService],
})
export class JobDescriptionsModule {}
