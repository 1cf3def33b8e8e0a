import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { IdentityModule } from '../identity/identity.module';
import { OidcProviderClient } from '../sso/oidc-provider-client';
import { SamlProviderClient } from '../sso/saml-provider-client';
import { AuthController, LoginPageController } from './auth.controller';
import { AuthService } from './auth.service';
import { LocalStrategy } from './local.strategy';
import { LoginRateLimiter } from './login-rate-limiter';
import { RolesGuard } from './roles.guard';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionLifecycle } from './session-lifecycle';
import { SessionSerializer } from './session.serializer';

@Module({
  imports: [PassportModule.register({ session: true }), IdentityModule],
  controllers: [AuthController, LoginPageController],
  providers: [
    AuthService,
    LocalStrategy,
    SessionSerializer,
    SessionLifecycle,
    LoginRateLimiter,
    // Here rather than in SsoModule: sign-out needs the providers' logout, and SsoModule imports this one.
    OidcProviderClient,
    SamlProviderClient,
    // Order matters: who you are first, then what your role allows.
    { provide: APP_GUARD, useClass: SessionAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [SessionLifecycle, OidcProviderClient, SamlProviderClient, LoginRateLimiter],
})
export class AuthModule {}
