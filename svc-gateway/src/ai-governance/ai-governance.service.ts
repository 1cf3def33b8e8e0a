import {
  type AiBudgets,
  type AiCall,
  type AiCallFilters,
  type AiCallPage,
  type AiCallQuery,
  MAX_AI_CALL_EXPORT_ROWS,
  type UpdateAiBudgetsRequest,
} from '@masar/contracts';
import { BadRequestException, Injectable } from '@nestjs/common';
import { AiClient } from '../ai/ai.client';
import { IdentityClient } from '../identity/identity.client';
import { AI_CALLS_CSV_HEADER, aiCallCsvRecord, csvRecord, UTF8_BOM } from './ai-calls-csv';
import { PeopleNames, withNameOf } from '../identity/people-names';

export const TOO_MANY_CALLS_TO_EXPORT_MESSAGE = `More than ${MAX_AI_CALL_EXPORT_ROWS.toLocaleString('en-GB')} calls match: narrow the dates or filters`;

/** The largest page svc-ai gives: the export reads the log in pages of this size. */
const EXPORT_PAGE_SIZE = 100;

/** What the gateway adds to svc-ai's governance answers: people's names, and the call log as a CSV file. */
@Injectable()
export class AiGovernanceService {
  constructor(
    private readonly ai: AiClient,
    private readonly identity: IdentityClient,
  ) {}

  async callsPage(query: AiCallQuery): Promise<AiCallPage> {
    const page = await this.ai.listCalls(query);
    const names = await new PeopleNames(this.identity).of(page.items.map((call) => call.userId));
    return { ...page, items: page.items.map((call) => withNameOf(call, names)) };
  }

  /**
   * Every call the filters match as one CSV text (UTF-8 BOM, a header row, newest first). It is built
   * whole before anything is sent, so a failure halfway is an error answer, never a truncated file;
   * MAX_AI_CALL_EXPORT_ROWS bounds what it holds.
   */
  async callsCsv(filters: AiCallFilters): Promise<string> {
    const names = new PeopleNames(this.identity);
    const records = [UTF8_BOM + csvRecord([...AI_CALLS_CSV_HEADER])];
    // Calls logged while the export reads push older ones down a page: a call seen twice is written once.
    const seen = new Set<string>();
    for (let pageNumber = 1; ; pageNumber += 1) {
      const page = await this.ai.listCalls({ ...filters, page: pageNumber, pageSize: EXPORT_PAGE_SIZE });
      if (page.total > MAX_AI_CALL_EXPORT_ROWS && pageNumber === 1) throw tooManyCalls();
      const fresh = page.items.filter((call) => !seen.has(call.id));
      fresh.forEach((call) => seen.add(call.id));
      if (seen.size > MAX_AI_CALL_EXPORT_ROWS) throw tooManyCalls();
      const named = await names.of(fresh.map((call) => call.userId));
      records.push(...fresh.map((call: AiCall) => aiCallCsvRecord(withNameOf(call, named))));
      if (page.items.length < EXPORT_PAGE_SIZE) return records.join('');
    }
  }

  async budgets(): Promise<AiBudgets> {
    return this.withNames(await this.ai.getBudgets());
  }

  async updateBudgets(request: UpdateAiBudgetsRequest): Promise<AiBudgets> {
    return this.withNames(await this.ai.updateBudgets(request));
  }

  private async withNames(budgets: AiBudgets): Promise<AiBudgets> {
    const names = await new PeopleNames(this.identity).of([
      ...budgets.overrides.map((override) => override.userId),
      ...budgets.usage.map((use) => use.userId),
    ]);
    return {
      ...budgets,
      overrides: budgets.overrides.map((override) => withNameOf(override, names)),
      usage: budgets.usage.map((use) => withNameOf(use, names)),
    };
  }
}

function tooManyCalls(): BadRequestException {
  return new BadRequestException({ statusCode: 400, message: TOO_MANY_CALLS_TO_EXPORT_MESSAGE });
}
