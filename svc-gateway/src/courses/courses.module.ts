import { Module } from '@nestjs/common';
import { CoursesClient } from './courses.client';
import { CoursesController } from './courses.controller';

@Module({ controllers: [CoursesController], providers: [CoursesClient] })
export class CoursesModule {}
