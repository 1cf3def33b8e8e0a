import { AI_SUBJECTS, ExtractSkillsReply, extractSkillsReplySchema, ExtractSkillsRequest, Language } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { AiCallOptions, SvcAiRequester } from './svc-ai.requester';

/** Asks svc-ai which taxonomy skills a course's text teaches (`ai.skills.extract`, the job postings' extractor). */
@Injectable()
export class CourseSkillsClient {
  constructor(private readonly svcAi: SvcAiRequester) {}

  /** Without a language, svc-ai detects it from the text. */
  extract(text: string, language: Language | undefined, options: AiCallOptions): Promise<ExtractSkillsReply> {
    const request: ExtractSkillsRequest = language === undefined ? { text } : { text, language };
    return this.svcAi.request(AI_SUBJECTS.EXTRACT_SKILLS, request, extractSkillsReplySchema, options);
  }
}
