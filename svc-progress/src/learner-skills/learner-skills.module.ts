import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LearnerSkill } from './entities/learner-skill.entity';
import { LearnerSkillsHandlers } from './learner-skills.handlers';
import { LearnerSkillsService } from './learner-skills.service';

@Module({
  imports: [TypeOrmModule.forFeature([LearnerSkill])],
  controllers: [LearnerSkillsHandlers],
  providers: [LearnerSkillsService],
  exports: [LearnerSkillsService],
})
export class LearnerSkillsModule {}
