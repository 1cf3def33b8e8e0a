import {
  COURSES_SUBJECTS,
  FindPathCandidatesReply,
  FindPathCandidatesRequest,
  findPathCandidatesRequestSchema,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '@masar/contracts/service-kit';
import { PathCandidatesService } from './path-candidates.service';

@Controller()
export class PathCandidatesHandlers {
  constructor(private readonly candidates: PathCandidatesService) {}

  @MessagePattern(COURSES_SUBJECTS.FIND_PATH_CANDIDATES)
  find(
    @Payload(new ZodPayloadPipe(findPathCandidatesRequestSchema)) request: FindPathCandidatesRequest,
  ): Promise<FindPathCandidatesReply> {
    return this.candidates.find(request);
  }
}
