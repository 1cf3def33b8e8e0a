import { createEventOutboxTable, dropEventOutboxTable } from '@masar/contracts/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Events written with the change they report and relayed to the stream afterwards (quiz graded). */
export class OutboxEvents1796880000001 implements MigrationInterface {
  name = 'OutboxEvents1796880000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventOutboxTable(queryRunner, 'courses');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventOutboxTable(queryRunner, 'courses');
  }
}
