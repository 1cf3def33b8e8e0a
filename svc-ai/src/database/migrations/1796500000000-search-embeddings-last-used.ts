import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each cached search embedding was last read, so vectors no search needs any more (a passage
 * rewritten or deleted, a query nobody repeats) can leave `ai.search_embeddings` instead of
 * accumulating for ever. Existing rows count as used now: none is dropped the day this runs.
 */
export class SearchEmbeddingsLastUsed1796500000000 implements MigrationInterface {
  name = 'SearchEmbeddingsLastUsed1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ai"."search_embeddings" ADD COLUMN "used_at" timestamptz NOT NULL DEFAULT now()`);
    await queryRunner.query(`CREATE INDEX "search_embeddings_used_at_idx" ON "ai"."search_embeddings" ("used_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ai"."search_embeddings_used_at_idx"`);
    await queryRunner.query(`ALTER TABLE "ai"."search_embeddings" DROP COLUMN "used_at"`);
  }
}
