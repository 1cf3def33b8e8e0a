import {
  DeleteLearningPathReply,
  GenerateLearningPathRequest,
  generateLearningPathRequestSchema,
  LearningPathList,
  LearningPathReply,
  LearningPathRequest,
  learningPathRequestSchema,
  ListLearningPathsRequest,
  listLearningPathsRequestSchema,
  PROGRESS_SUBJECTS,
  UpdateLearningPathRequest,
  updateLearningPathRequestSchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { LearningPathsService } from './learning-paths.service';

@Controller()
export class LearningPathsHandlers {
  constructor(private readonly learningPaths: LearningPathsService) {}

  @MessagePattern(PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH)
  async generate(
    @Payload(new ZodPayloadPipe(generateLearningPathRequestSchema)) request: GenerateLearningPathRequest,
  ): Promise<LearningPathReply> {
    return { learningPath: await this.learningPaths.generate(request) };
  }

  @MessagePattern(PROGRESS_SUBJECTS.LIST_LEARNING_PATHS)
  list(@Payload(new ZodPayloadPipe(listLearningPathsRequestSchema)) request: ListLearningPathsRequest): Promise<LearningPathList> {
    return this.learningPaths.list(request);
  }

  @MessagePattern(PROGRESS_SUBJECTS.GET_LEARNING_PATH)
  async get(@Payload(new ZodPayloadPipe(learningPathRequestSchema)) request: LearningPathRequest): Promise<LearningPathReply> {
    return { learningPath: await this.learningPaths.get(request) };
  }

  @MessagePattern(PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH)
  async update(
    @Payload(new ZodPayloadPipe(updateLearningPathRequestSchema)) request: UpdateLearningPathRequest,
  ): Promise<LearningPathReply> {
    return { learningPath: await this.learningPaths.update(request) };
  }

  @MessagePattern(PROGRESS_SUBJECTS.DELETE_LEARNING_PATH)
  delete(@Payload(new ZodPayloadPipe(learningPathRequestSchema)) request: LearningPathRequest): Promise<DeleteLearningPathReply> {
    return this.learningPaths.delete(request);
  }
}
