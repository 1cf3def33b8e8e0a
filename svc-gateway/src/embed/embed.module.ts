import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { IdentityModule } from '../identity/identity.module';
import { EmbedClientsController } from './embed-clients.controller';
import { EmbedController } from './embed.controller';
import { EmbedTokensService } from './embed-tokens.service';

/** Masar framed by other sites (issue 18): embed tokens, their exchange for a session, and the clients that ask for them. */
@Module({
  imports: [AuthModule, IdentityModule],
  controllers: [EmbedController, EmbedClientsController],
  providers: [EmbedTokensService],
})
export class EmbedModule {}
