import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { JobDescription } from '../job-descriptions/entities/job-description.entity';
import { loadPredefinedRoleCatalog, PREDEFINED_ROLE_CATALOG } from './predefined-role-catalog';
import { PredefinedRoleSeeder } from './predefined-role-seeder';
import { PredefinedRolesHandlers } from './predefined-roles.handlers';
import { PredefinedRolesService } from './predefined-roles.service';

@Module({
  imports: [TypeOrmModule.forFeature([JobDescription]), AiModule],
  controllers: [PredefinedRolesHandlers],
  providers: [
    { provide: PREDEFINED_ROLE_CATALOG, useFactory: () => loadPredefinedRoleCatalog() },
    PredefinedRolesService,
    PredefinedRoleSeeder,
  ],
})
export class PredefinedRolesModule {}
