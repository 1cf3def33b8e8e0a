import { Module } from '@nestjs/common';
import { CatalogSeedRunner } from './catalog-seed.runner';
import { DefaultCoursesHandlers } from './default-courses.handlers';
import { DefaultCoursesService } from './default-courses.service';

@Module({ controllers: [DefaultCoursesHandlers], providers: [CatalogSeedRunner, DefaultCoursesService], exports: [CatalogSeedRunner] })
export class CatalogModule {}
