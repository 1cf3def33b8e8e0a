import { createEventOutboxTable, dropEventOutboxTable } from '@masar/contracts/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Events written with the change they report and relayed to the stream afterwards (path generated). */
export class OutboxEvents1796880000000 implements MigrationInterface {
  name = 'OutboxEvents1796880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventOutboxTable(queryRunner, 'progress');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventOutboxTable(queryRunner, 'progress');
  }
}
