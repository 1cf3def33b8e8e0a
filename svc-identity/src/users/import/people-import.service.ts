import {
  Caller,
  createUserRequestSchema,
  describeValidationError,
  ImportUsersReply,
  newPasswordSchema,
  PEOPLE_IMPORT_COLUMNS,
  PEOPLE_IMPORT_MAX_ROWS,
  PEOPLE_IMPORT_REQUIRED_COLUMNS,
  PeopleImportColumn,
  USERNAME_TAKEN_MESSAGE,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { requireAdmin, rpcError } from '@masar/contracts/service-kit';
import { generatePassword, passwordPolicyProblem } from '../password-policy';
import { NewUserRow, toUser, UsersService } from '../users.service';
import { CsvRecord, decodeCsvFile, ImportFileProblem, isBlankRecord, parseCsv } from './csv-file';

/** A row of the file: the add-person request, with `password` optional (generated when empty). */
const importRowSchema = createUserRequestSchema
  .omit({ mustChangePassword: true, password: true })
  .extend({ password: newPasswordSchema.optional() });

/** "First Name", "first_name" and "firstname" all name the firstName column. */
function columnKey(header: string): string {
  return header.normalize('NFKC').toLowerCase().replace(/[^a-z]/g, '');
}
const COLUMN_BY_KEY = new Map<string, PeopleImportColumn>(PEOPLE_IMPORT_COLUMNS.map((column) => [columnKey(column), column]));
const HASHING_CONCURRENCY = 4;

interface CheckedRow {
  row: number;
  person: z.infer<typeof importRowSchema>;
  generatedPassword?: string;
}

/** Which column each position of the header holds; a header that does not fit refuses the whole file. */
function readHeader(header: CsvRecord): (PeopleImportColumn | undefined)[] {
  const columns = header.fields.map((cell) => {
    if (cell.trim().length === 0) return undefined;
    const column = COLUMN_BY_KEY.get(columnKey(cell));
    if (!column) {
      throw new ImportFileProblem(
        `The first row must name the columns: "${cell.trim().slice(0, 40)}" is not one of ${PEOPLE_IMPORT_COLUMNS.join(', ')}`,
      );
    }
    return column;
  });
  for (const required of PEOPLE_IMPORT_REQUIRED_COLUMNS) {
    if (!columns.includes(required)) throw new ImportFileProblem(`The column "${required}" is missing from the first row`);
  }
  const seen = new Set<string>();
  for (const column of columns) {
    if (column && seen.has(column)) throw new ImportFileProblem(`The column "${column}" appears twice in the first row`);
    if (column) seen.add(column);
  }
  return columns;
}

/** Runs `work` over the items, a few at a time (argon2 is CPU and memory hungry). */
async function mapWithConcurrency<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Imports people from a CSV file. Policy: a file that cannot be read as a whole (not CSV, empty,
 * over the limits, a header that does not fit) adds nobody; otherwise each invalid row is refused
 * with its reason (bad value, username taken, repeated in the file) and all the valid rows are
 * added together in one statement, so either all of them are added or, on a failure, none.
 */
@Injectable()
export class PeopleImportService {
  constructor(private readonly users: UsersService) {}

  async importPeople(caller: Caller, contentBase64: string): Promise<ImportUsersReply> {
    requireAdmin(caller);
    let records: CsvRecord[];
    let columns: (PeopleImportColumn | undefined)[];
    try {
      records = parseCsv(decodeCsvFile(Buffer.from(contentBase64, 'base64')));
      columns = readHeader(records[0]);
    } catch (error) {
      if (error instanceof ImportFileProblem) throw rpcError(error.statusCode, error.message);
      throw error;
    }
    const rest = records.slice(1);
    const dataRecords = rest.filter((record) => !isBlankRecord(record));
    if (dataRecords.length === 0) throw rpcError(400, 'The file has a header but no people');
    if (dataRecords.length > PEOPLE_IMPORT_MAX_ROWS) {
      throw rpcError(400, `The file has ${dataRecords.length} people; import at most ${PEOPLE_IMPORT_MAX_ROWS} at a time`);
    }

    const refused: ImportUsersReply['refused'] = [];
    const checked: CheckedRow[] = [];
    const firstRowOf = new Map<string, number>();
    for (const record of dataRecords) {
      const values = this.valuesOf(record, columns);
      const rawUsername = (values.username ?? '').trim().slice(0, 100);
      if (record.fields.length > columns.length) {
        refused.push({ row: record.row, username: rawUsername, reason: `The row has ${record.fields.length} values but the header names ${columns.length} columns` });
        continue;
      }
      const parsed = importRowSchema.safeParse(values);
      if (!parsed.success) {
        refused.push({ row: record.row, username: rawUsername, reason: describeValidationError(parsed.error) });
        continue;
      }
      const person = parsed.data;
      const problem = person.password === undefined ? undefined : passwordPolicyProblem(person.password, person.username);
      if (problem) {
        refused.push({ row: record.row, username: person.username, reason: `password: ${problem}` });
        continue;
      }
      const earlierRow = firstRowOf.get(person.username);
      if (earlierRow !== undefined) {
        refused.push({ row: record.row, username: person.username, reason: `username: The same username is in row ${earlierRow}` });
        continue;
      }
      firstRowOf.set(person.username, record.row);
      checked.push({ row: record.row, person, generatedPassword: person.password === undefined ? generatePassword() : undefined });
    }

    const taken = await this.users.existingUsernames(checked.map((row) => row.person.username));
    const toAdd = checked.filter((row) => {
      if (!taken.has(row.person.username)) return true;
      refused.push({ row: row.row, username: row.person.username, reason: `username: ${USERNAME_TAKEN_MESSAGE}` });
      return false;
    });

    const newRows = await mapWithConcurrency(toAdd, HASHING_CONCURRENCY, async ({ person, generatedPassword }): Promise<NewUserRow> => ({
      username: person.username,
      passwordHash: await this.users.hashPassword(person.password ?? generatedPassword ?? ''),
      role: person.role,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      preferredLanguage: person.preferredLanguage,
      mustChangePassword: true,
    }));
    const inserted = await this.users.insertManyInOneTransaction(newRows);
    const insertedByUsername = new Map(inserted.map((entity) => [entity.username, entity]));

    const added: ImportUsersReply['added'] = [];
    for (const row of toAdd) {
      const entity = insertedByUsername.get(row.person.username);
      if (!entity) {
        // Taken by someone else between the check and the insert.
        refused.push({ row: row.row, username: row.person.username, reason: `username: ${USERNAME_TAKEN_MESSAGE}` });
        continue;
      }
      added.push({ row: row.row, user: toUser(entity), ...(row.generatedPassword ? { temporaryPassword: row.generatedPassword } : {}) });
    }
    refused.sort((a, b) => a.row - b.row);
    return { added, refused, totalRows: dataRecords.length };
  }

  /** The row's values by column; empty optional cells are left out so their defaults apply. */
  private valuesOf(record: CsvRecord, columns: (PeopleImportColumn | undefined)[]): Partial<Record<PeopleImportColumn, string>> {
    const values: Partial<Record<PeopleImportColumn, string>> = {};
    columns.forEach((column, index) => {
      const value = record.fields[index] ?? '';
      if (!column) return;
      const optional = !PEOPLE_IMPORT_REQUIRED_COLUMNS.includes(column);
      if (optional && value.trim().length === 0) return;
      // Role and language are codes: "Admin" and " ar " mean admin and ar.
      values[column] = column === 'role' || column === 'preferredLanguage' ? value.trim().toLowerCase() : value;
    });
    return values;
  }
}
