import { AI_NOTICE_NOT_ACCEPTED_STATUS, type AiFeature as AiFeatureName } from '@masar/contracts';
import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiResponse } from '@nestjs/swagger';
import { errorReplyOpenApi } from '../openapi/openapi-schema';
import { AiClient } from './ai.client';

const AI_FEATURE_OF_ROUTE = 'masar:aiFeature';

/**
 * Asks svc-ai (`ai.governance.admit`, with the caller) before a route that starts AI work runs, and
 * answers its refusal (feature off 403, notice not accepted 428, budget used up 429, provider not
 * configured 503) instead. A guard runs after the session and role guards and before any interceptor
 * or pipe, so nothing is forwarded and a multipart body is never read when the answer is no.
 */
@Injectable()
export class AiAdmissionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly ai: AiClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const feature = this.reflector.get<AiFeatureName | undefined>(AI_FEATURE_OF_ROUTE, context.getHandler());
    if (feature === undefined) return true;
    try {
      await this.ai.admit(feature);
    } catch (refusal) {
      // An upload still arriving is read and dropped (never kept), so the client gets the answer
      // once it has sent its body instead of a connection reset halfway.
      const request = context.switchToHttp().getRequest<Request>();
      if (request.readable && !request.readableEnded) request.resume();
      throw refusal;
    }
    return true;
  }
}

/**
 * Marks a route that starts work of an AI feature: the caller must be admitted to it first. The
 * module of the controller imports AiModule (the guard needs AiClient).
 */
export const AiFeature = (feature: AiFeatureName) =>
  applyDecorators(
    SetMetadata(AI_FEATURE_OF_ROUTE, feature),
    UseGuards(AiAdmissionGuard),
    ApiResponse({ status: 403, schema: errorReplyOpenApi, description: `Not an allowed role, or ${feature} is turned off by an admin` }),
    ApiResponse({ status: AI_NOTICE_NOT_ACCEPTED_STATUS, schema: errorReplyOpenApi, description: 'A learner who has not accepted the AI-use notice in force' }),
    ApiResponse({ status: 429, schema: errorReplyOpenApi, description: 'The monthly AI token budget is used up (the message says when it resets)' }),
  );
