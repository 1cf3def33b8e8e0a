import { embedHostMessageSchema, type EmbedFrameMessage, type EmbedHostMessage } from '@masar/contracts';

export interface HostChannel {
  post(message: EmbedFrameMessage): void;
  /** Calls `handler` with each valid message from the host's exact origin; returns the unsubscribe. */
  listen(handler: (message: EmbedHostMessage) => void): () => void;
}

interface FrameWindow {
  parent: Pick<Window, 'postMessage'>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * The frame's side of the postMessage contract: it posts to the host's exact origin only (a page
 * of any other origin in the parent gets nothing), and reads only messages that come from the
 * parent window and that origin, and match the contract. Everything else is ignored silently.
 */
export function createHostChannel(hostOrigin: string, frame: FrameWindow = window): HostChannel {
  return {
    post(message) {
      frame.parent.postMessage(message, hostOrigin);
    },
    listen(handler) {
      const listener = (event: MessageEvent) => {
        if (event.origin !== hostOrigin || event.source !== frame.parent) return;
        const parsed = embedHostMessageSchema.safeParse(event.data);
        if (parsed.success) handler(parsed.data);
      };
      frame.addEventListener('message', listener);
      return () => frame.removeEventListener('message', listener);
    },
  };
}
