import { Module } from '@nestjs/common';
import { GovernanceModule } from '../governance/governance.module';
import { SearchEmbeddingsHandlers } from './search-embeddings.handlers';
import { SearchEmbeddingsService } from './search-embeddings.service';

/** Course search's optional second signal: embeddings from an OpenAI-compatible endpoint, cached per text and model. */
@Module({
  imports: [GovernanceModule],
  controllers: [SearchEmbeddingsHandlers],
  providers: [SearchEmbeddingsService],
})
export class SearchEmbeddingsModule {}
