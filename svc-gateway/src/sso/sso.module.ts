import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { IdentityModule } from '../identity/identity.module';
import { OidcController } from './oidc.controller';
import { OidcService } from './oidc.service';
import { SamlController } from './saml.controller';
import { SamlService } from './saml.service';

@Module({
  imports: [AuthModule, IdentityModule],
  controllers: [OidcController, SamlController],
  providers: [OidcService, SamlService],
})
export class SsoModule {}
