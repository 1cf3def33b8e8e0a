import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LearnerSkill } from './entities/learner-skill.entity';
import { LearnerSkillsService } from './learner-skills.service';

@Module({
  imports: [TypeOrmModule.forFeature([LearnerSkill])],
  providers: [LearnerSkillsService],
  exports: [LearnerSkillsService],
})
export class LearnerSkillsModule {}
