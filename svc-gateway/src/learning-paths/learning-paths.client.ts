import {
  DeleteLearningPathReply,
  deleteLearningPathReplySchema,
  GenerateLearningPathRequest,
  LearningPathList,
  learningPathListSchema,
  LearningPathReply,
  learningPathReplySchema,
  LearningPathRequest,
  ListLearningPathsRequest,
  PROGRESS_SUBJECTS,
  UpdateLearningPathRequest,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

/** The learning-path calls to svc-progress, each answer checked against its contract. */
@Injectable()
export class LearningPathsClient {
  constructor(private readonly services: ServiceClient) {}

  generate(request: GenerateLearningPathRequest): Promise<LearningPathReply> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH,
      payload: request,
      reply: learningPathReplySchema,
    });
  }

  list(request: ListLearningPathsRequest): Promise<LearningPathList> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.LIST_LEARNING_PATHS,
      payload: request,
      reply: learningPathListSchema,
    });
  }

  get(request: LearningPathRequest): Promise<LearningPathReply> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.GET_LEARNING_PATH,
      payload: request,
      reply: learningPathReplySchema,
    });
  }

  update(request: UpdateLearningPathRequest): Promise<LearningPathReply> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH,
      payload: request,
      reply: learningPathReplySchema,
    });
  }

  delete(request: LearningPathRequest): Promise<DeleteLearningPathReply> {
    return this.services.request({
      service: 'progress',
      subject: PROGRESS_SUBJECTS.DELETE_LEARNING_PATH,
      payload: request,
      reply: deleteLearningPathReplySchema,
    });
  }
}
