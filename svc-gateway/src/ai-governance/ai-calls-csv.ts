import { AI_FEATURE_NAMES_EN, type AiCall } from '@masar/contracts';

/** The columns of the call log export, in order. */
export const AI_CALLS_CSV_HEADER = [
  'Time (UTC)',
  'User',
  'Email',
  'Role',
  'Feature',
  'Provider',
  'Model',
  'Prompt template',
  'Prompt version',
  'Input tokens',
  'Output tokens',
  'Input characters',
  'Output characters',
  'Latency (ms)',
  'Outcome',
  'Status',
  'Error',
  'Request id',
] as const;

/** Excel and LibreOffice read UTF-8 (Arabic names, error messages) only when the file starts with it. */
export const UTF8_BOM = '\uFEFF';

/** A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: neutralised against formula injection with a leading `'`, then quoted per RFC 4180
 * when it holds a comma, a quote or a line break (quotes doubled).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A record ends with CRLF, as RFC 4180 says. */
export function csvRecord(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** `2026-11-25 08:30:00`: what spreadsheets read as a date and time (the header says it is UTC). */
function utcTimeOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
}

/** Who asked, as a person reads it: their name, their id when svc-identity no longer knows them, Masar for its own work. */
function whoOf(call: AiCall): string {
  if (call.userId === null) return 'Masar';
  return call.userName ?? call.userId;
}

export function aiCallCsvRecord(call: AiCall): string {
  return csvRecord([
    utcTimeOf(call.at),
    whoOf(call),
    call.userEmail ?? '',
    call.userRole ?? '',
    AI_FEATURE_NAMES_EN[call.feature],
    call.provider,
    call.model,
    call.promptTemplate,
    call.promptVersion,
    call.inputTokens,
    call.outputTokens,
    call.inputCharacters,
    call.outputCharacters,
    call.latencyMs,
    call.outcome,
    call.statusCode,
    call.error,
    call.requestId,
  ]);
}

/** `masar-ai-calls-2026-11-25.csv`: the day of the export (UTC). */
export function aiCallsCsvFileName(now: Date): string {
  return `masar-ai-calls-${now.toISOString().slice(0, 10)}.csv`;
}
