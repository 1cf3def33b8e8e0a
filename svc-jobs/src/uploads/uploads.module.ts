import { Module } from '@nestjs/common';
import { NatsClientModule } from '../nats/nats-client.module';
import { JobUploadsStore } from './job-uploads.store';

@Module({
  imports: [NatsClientModule],
  providers: [JobUploadsStore],
  exports: [JobUploadsStore],
})
export class UploadsModule {}
