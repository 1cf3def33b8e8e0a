import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module';
import { LessonProgressModule } from '../lesson-progress/lesson-progress.module';
import { NatsClientModule } from '../nats/nats-client.module';
import { EventsConsumer } from './events-consumer';
import { EventsPublisher } from './events-publisher';
import { ProgressEventsService } from './progress-events.service';

@Module({
  imports: [NatsClientModule, LessonProgressModule, ActivitiesModule],
  providers: [ProgressEventsService, EventsConsumer, EventsPublisher],
  exports: [EventsPublisher],
})
export class EventsModule {}
