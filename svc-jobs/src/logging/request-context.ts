// The kit's request context, here only for src/ai, which others are editing: import it from
// '@masar/contracts/service-kit' and delete this file once they do.
export { currentRequestId, runWithRequestId } from '@masar/contracts/service-kit';
