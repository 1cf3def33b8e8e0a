/*
 * The bridge between whatever learns that the AI-use notice must be accepted (a learner about to
 * start AI work, or any API answer 428) and the one notice modal `<AiNoticeHost>` mounts inside the
 * providers. Kept free of React and of the store, so the base query can use it without a cycle.
 */

/** Why the notice is shown: before an action (which then goes on), or after the server refused one. */
export type AiNoticeReason = 'before-action' | 'refused';

export interface AiNoticeRequest {
  reason: AiNoticeReason;
  /** true once the person accepted the current version; false when they closed the notice. */
  settle: (accepted: boolean) => void;
}

type AiNoticeListener = (request: AiNoticeRequest) => void;

let listener: AiNoticeListener | null = null;
let pending: Promise<boolean> | null = null;
let settlePending: ((accepted: boolean) => void) | null = null;

/** Called by the mounted `<AiNoticeHost>`; returns the function that unbinds it. */
export function bindAiNoticeHost(host: AiNoticeListener): () => void {
  listener = host;
  return () => {
    if (listener !== host) return;
    listener = null;
    // A notice still open when its host goes away was not accepted.
    settlePending?.(false);
  };
}

/**
 * Opens the notice (once, however many callers ask at the same time) and resolves when the person
 * accepts (true) or dismisses it (false). Without a mounted host (a contract test, a worker) it
 * resolves false at once: nothing can be shown.
 */
export function requestAiNoticeAcceptance(reason: AiNoticeReason): Promise<boolean> {
  if (pending) return pending;
  const host = listener;
  if (!host) return Promise.resolve(false);
  pending = new Promise<boolean>((resolve) => {
    settlePending = (accepted) => {
      pending = null;
      settlePending = null;
      resolve(accepted);
    };
    host({ reason, settle: settlePending });
  });
  return pending;
}
