import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module';
import { LessonProgressModule } from '../lesson-progress/lesson-progress.module';
import { EventsPublisher, NatsClientModule } from '@masar/contracts/service-kit';
import { RemovedCoursesModule } from '../removed-courses/removed-courses.module';
import { EventsConsumer } from './events-consumer';
import { ProgressEventsService } from './progress-events.service';

@Module({
  imports: [NatsClientModule, LessonProgressModule, ActivitiesModule, RemovedCoursesModule],
  providers: [ProgressEventsService, EventsConsumer, EventsPublisher],
  exports: [EventsPublisher],
})
export class EventsModule {}
