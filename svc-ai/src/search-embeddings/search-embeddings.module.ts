import { Module } from '@nestjs/common';
import { GovernanceModule } from '../governance/governance.module';
import { SearchEmbeddingsHandlers } from './search-embeddings.handlers';
import { SearchEmbeddingsPruner } from './search-embeddings-pruner';
import { SearchEmbeddingsService } from './search-embeddings.service';

/** Course search's optional second signal: embeddings from an OpenAI-compatible endpoint, cached per text and model. */
@Module({
  imports: [GovernanceModule],
  controllers: [SearchEmbeddingsHandlers],
  providers: [SearchEmbeddingsService, SearchEmbeddingsPruner],
})
export class SearchEmbeddingsModule {}
