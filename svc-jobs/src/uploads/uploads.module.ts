import { Module } from '@nestjs/common';
import { NatsClientModule } from '@masar/contracts/service-kit';
import { JobUploadsStore } from './job-uploads.store';

@Module({
  imports: [NatsClientModule],
  providers: [JobUploadsStore],
  exports: [JobUploadsStore],
})
export class UploadsModule {}
