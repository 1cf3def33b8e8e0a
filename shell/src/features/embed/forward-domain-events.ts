import type { EmbedFrameMessage } from '@masar/contracts';
import { storeListeners } from '@masar/shell/runtime';
import { domainEventsOf } from './embed-domain-events';

/**
 * Sends `send` the domain events each mutation that succeeds in the one store makes (a frame's host
 * channel, or the custom element last used), a course's completion once only. Returns the
 * unsubscribe.
 */
export function forwardDomainEvents(send: (event: EmbedFrameMessage) => void): () => void {
  const announcedCourses = new Set<string>();
  return storeListeners.startListening({
    predicate: (action) => action.type.endsWith('/executeMutation/fulfilled'),
    effect: (action, api) => {
      const queries = (api.getState() as { api: { queries: Parameters<typeof domainEventsOf>[1] } }).api.queries;
      for (const event of domainEventsOf(action, queries)) {
        if (event.type === 'masar:course-completed') {
          if (announcedCourses.has(event.courseId)) continue;
          announcedCourses.add(event.courseId);
        }
        send(event);
      }
    },
  });
}
