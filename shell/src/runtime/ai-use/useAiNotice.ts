import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../store/store';
import { requestAiNoticeAcceptance } from './ai-notice-requests';
import { aiUseApi } from './ai-use.api';

export interface AiNoticeGate {
  /**
   * Call before starting AI work for the person: resolves true when they may go on (no notice in
   * force, already accepted, or accepted now), false when they closed the notice without accepting.
   */
  ensureAccepted: () => Promise<boolean>;
}

/** The AI-use notice as a gate in front of a learner's AI actions (job analysis, Ready AI, …). */
export function useAiNotice(): AiNoticeGate {
  const dispatch = useDispatch<AppDispatch>();
  const ensureAccepted = useCallback(async () => {
    // Fresh every time: an admin may have published a new version since the page loaded.
    const status = await dispatch(aiUseApi.endpoints.myAiUse.initiate(undefined, { forceRefetch: true, subscribe: false }));
    // When the status cannot be read, the action goes on: the server still refuses it with 428 if
    // the notice is due, and that answer opens the notice too.
    if (!status.data?.noticeRequired) return true;
    return requestAiNoticeAcceptance('before-action');
  }, [dispatch]);
  return { ensureAccepted };
}
