import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { IdentityModule } from '../identity/identity.module';
import { OidcController } from './oidc.controller';
import { OidcService } from './oidc.service';

@Module({
  imports: [AuthModule, IdentityModule],
  controllers: [OidcController],
  providers: [OidcService],
})
export class SsoModule {}
