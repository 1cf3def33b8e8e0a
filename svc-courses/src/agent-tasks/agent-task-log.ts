import type { EntityManager } from 'typeorm';

/** A task keeps at most this many log lines: the first ones (how it started) and the latest. */
export const MAX_LOG_LINES = 200;

/**
 * Appends lines to a task's log in one statement, stamped by the database's clock so lines from
 * several instances stay in order. Past MAX_LOG_LINES the oldest lines after the first are dropped.
 */
export async function appendTaskLog(manager: EntityManager, taskId: string, ...messages: string[]): Promise<void> {
  if (messages.length === 0) return;
  await manager.query(
    `UPDATE "courses"."agent_tasks" t
        SET "logs" = (
          SELECT coalesce(jsonb_agg(line ORDER BY position), '[]'::jsonb)
            FROM jsonb_array_elements(t."logs" || (
                   SELECT jsonb_agg(jsonb_build_object('at', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'message', m))
                     FROM unnest($2::text[]) AS m
                 )) WITH ORDINALITY AS lines(line, position)
           WHERE position = 1 OR position > jsonb_array_length(t."logs") + cardinality($2::text[]) - ($3 - 1)
        ),
        "updated_at" = now()
      WHERE t."id" = $1`,
    [taskId, messages, MAX_LOG_LINES],
  );
}
