/**
 * Learning records (xAPI 1.0.3): svc-progress reads the events stream through a durable consumer of
 * its own and sends each statement to the configured LRS through a Bull queue. Never rename these
 * names without draining the queue and moving the consumer: jobs and the stream position live under them.
 */
export const LEARNING_RECORDS_CONSUMER = 'svc-progress-learning-records';

export const PROGRESS_QUEUES = { LEARNING_RECORDS: 'learning-records' } as const;

/** Jobs of PROGRESS_QUEUES.LEARNING_RECORDS. */
export const LEARNING_RECORDS_JOBS = { SEND_STATEMENT: 'send-statement' } as const;
