import type { SkillLevel } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { LearnerSkill } from './entities/learner-skill.entity';

/** The learner skill profile: each skill's current level, by skill key (lower-cased, trimmed name). */
@Injectable()
export class LearnerSkillsService {
  constructor(@InjectRepository(LearnerSkill) private readonly skills: Repository<LearnerSkill>) {}

  async currentLevels(userId: string): Promise<Map<string, SkillLevel>> {
    const rows = await this.skills.find({ select: { skillKey: true, level: true }, where: { userId } });
    return new Map(rows.map((row) => [row.skillKey, row.level]));
  }
}
