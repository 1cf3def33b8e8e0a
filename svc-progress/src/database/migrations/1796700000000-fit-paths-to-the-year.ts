import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans fitted to 12 months: how the plan fits (the proposed weekly hours, the learner's choice,
 * Ramadan and the Eids of the year) and what waits for next year. Paths planned before keep their
 * courses and read as fitting, with nothing for next year and no holy periods noted.
 */
export class FitPathsToTheYear1796700000000 implements MigrationInterface {
  name = 'FitPathsToTheYear1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."learning_paths" ADD "fit" jsonb`);
    await queryRunner.query(`ALTER TABLE "progress"."learning_paths" ADD "next_year" jsonb`);
    await queryRunner.query(`
      UPDATE "progress"."learning_paths" SET
        "fit" = jsonb_build_object(
          'choice', 'fits', 'allCoursesHours', "total_hours", 'weeklyHoursToFitAll', NULL, 'proposedWeeklyHours', NULL,
          'proposalLimit', 6, 'ramadanLoadFactor', 1, 'holyPeriods', '[]'::jsonb),
        "next_year" = '{"skills": [], "courses": [], "totalHours": 0, "monthsAtBudget": 0}'::jsonb`);
    await queryRunner.query(`ALTER TABLE "progress"."learning_paths" ALTER "fit" SET NOT NULL, ALTER "next_year" SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."learning_paths" DROP "fit", DROP "next_year"`);
  }
}
