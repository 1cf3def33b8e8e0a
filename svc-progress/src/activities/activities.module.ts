import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivitiesService } from './activities.service';
import { Activity } from './entities/activity.entity';
import { MappedSkill } from './entities/mapped-skill.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Activity, MappedSkill])],
  providers: [ActivitiesService],
  exports: [ActivitiesService],
})
export class ActivitiesModule {}
