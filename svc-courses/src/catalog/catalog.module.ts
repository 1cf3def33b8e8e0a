import { Module } from '@nestjs/common';
import { CatalogSeedRunner } from './catalog-seed.runner';

@Module({ providers: [CatalogSeedRunner], exports: [CatalogSeedRunner] })
export class CatalogModule {}
