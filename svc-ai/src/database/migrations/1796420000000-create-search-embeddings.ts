import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Course search's embeddings cache (issue 13): one vector per text and embeddings model, keyed by
 * the text's sha256, so a passage is embedded once until its text changes (a changed passage has a
 * new key) and a repeated search asks the endpoint for nothing. The text itself is not kept.
 */
export class CreateSearchEmbeddings1796420000000 implements MigrationInterface {
  name = 'CreateSearchEmbeddings1796420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "ai"."search_embeddings" (
        "model" text NOT NULL,
        "text_sha256" text NOT NULL,
        "vector" real[] NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "search_embeddings_pkey" PRIMARY KEY ("model", "text_sha256"),
        CONSTRAINT "search_embeddings_sha256_check" CHECK ("text_sha256" ~ '^[0-9a-f]{64}$'),
        CONSTRAINT "search_embeddings_vector_check" CHECK (cardinality("vector") > 0)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ai"."search_embeddings"`);
  }
}
