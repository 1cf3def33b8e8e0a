import {
  type Caller,
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
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LearningPathsService } from './learning-paths.service';

/** Every path belongs to the caller the gateway names in the header; no body field says whose it is. */
@Controller()
export class LearningPathsHandlers {
  constructor(private readonly learningPaths: LearningPathsService) {}

  @MessagePattern(PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH)
  async generate(
    @Payload(new ZodPayloadPipe(generateLearningPathRequestSchema)) request: GenerateLearningPathRequest,
    @RequestCaller() caller: Caller,
  ): Promise<LearningPathReply> {
    return { learningPath: await this.learningPaths.generate(caller.id, request) };
  }

  @MessagePattern(PROGRESS_SUBJECTS.LIST_LEARNING_PATHS)
  list(
    @Payload(new ZodPayloadPipe(listLearningPathsRequestSchema)) request: ListLearningPathsRequest,
    @RequestCaller() caller: Caller,
  ): Promise<LearningPathList> {
    return this.learningPaths.list(caller, request);
  }

  @MessagePattern(PROGRESS_SUBJECTS.GET_LEARNING_PATH)
  async get(
    @Payload(new ZodPayloadPipe(learningPathRequestSchema)) request: LearningPathRequest,
    @RequestCaller() caller: Caller,
  ): Promise<LearningPathReply> {
    return { learningPath: await this.learningPaths.get(caller, request) };
  }

  @MessagePattern(PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH)
  async update(
    @Payload(new ZodPayloadPipe(updateLearningPathRequestSchema)) request: UpdateLearningPathRequest,
    @RequestCaller() caller: Caller,
  ): Promise<LearningPathReply> {
    return { learningPath: await this.learningPaths.update(caller, request) };
  }

  @MessagePattern(PROGRESS_SUBJECTS.DELETE_LEARNING_PATH)
  delete(
    @Payload(new ZodPayloadPipe(learningPathRequestSchema)) request: LearningPathRequest,
    @RequestCaller() caller: Caller,
  ): Promise<DeleteLearningPathReply> {
    return this.learningPaths.delete(caller, request);
  }
}
