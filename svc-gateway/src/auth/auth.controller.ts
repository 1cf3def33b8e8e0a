import {
  ChangePasswordReply,
  changePasswordReplySchema,
  ChangePasswordRequest,
  changePasswordRequestSchema,
  LoginReply,
  loginReplySchema,
  LoginRequest,
  loginRequestSchema,
  LogoutReply,
  logoutReplySchema,
  UpdateProfileRequest,
  updateProfileRequestSchema,
  User,
  UserReply,
  userReplySchema,
  userSchema,
} from '@masar/contracts';
import { Body, Controller, Get, HttpCode, Patch, Post, Redirect, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { AllowedBeforePasswordChange, CurrentUser, Public } from './auth.decorators';
import { AuthService } from './auth.service';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Get('user')
  @AllowedBeforePasswordChange()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ schema: openApiSchemaOf(userSchema) })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
  currentUser(@CurrentUser() user: User): User {
    return user;
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with a username and password' })
  @ApiBody({ schema: openApiSchemaOf(loginRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(loginReplySchema), description: 'Signed in; sets the session cookie' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Invalid username or password' })
  @ApiTooManyRequestsResponse({ schema: errorReplyOpenApi, description: 'Too many sign-in attempts' })
  async login(
    @Body(new ZodValidationPipe(loginRequestSchema)) credentials: LoginRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginReply> {
    const user = await this.auth.signIn(request, response, credentials);
    return { message: 'Login successful', user };
  }

  @Public()
  @Post('demo-login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in as the demo learner' })
  @ApiOkResponse({ schema: openApiSchemaOf(loginReplySchema) })
  async demoLogin(@Req() request: Request): Promise<LoginReply> {
    const user = await this.auth.signInAsDemo(request);
    return { message: 'Demo login successful', user };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the session on the server and clear its cookie' })
  @ApiOkResponse({ schema: openApiSchemaOf(logoutReplySchema) })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<LogoutReply> {
    return { message: 'Logged out', ...(await this.auth.signOut(request, response)) };
  }

  @Patch('user')
  @AllowedBeforePasswordChange()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Change your own names or language (never your role)' })
  @ApiBody({ schema: openApiSchemaOf(updateProfileRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(userReplySchema) })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi })
  async updateProfile(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(updateProfileRequestSchema)) changes: UpdateProfileRequest,
  ): Promise<UserReply> {
    return { user: await this.auth.updateProfile(user, changes) };
  }

  @Post('password')
  @HttpCode(200)
  @AllowedBeforePasswordChange()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Change your own password (the current one is required; 12 to 128 characters)' })
  @ApiBody({ schema: openApiSchemaOf(changePasswordRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(changePasswordReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Wrong current password, or the new one breaks a rule' })
  @ApiTooManyRequestsResponse({ schema: errorReplyOpenApi, description: 'Too many attempts' })
  async changePassword(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(changePasswordRequestSchema)) change: ChangePasswordRequest,
    @Req() request: Request,
  ): Promise<ChangePasswordReply> {
    return { message: 'Password changed', user: await this.auth.changePassword(request, user, change) };
  }
}

/** Where the shell sends a browser whose session ended (spec section 8). */
@Controller('api')
export class LoginPageController {
  @Public()
  @Get('login')
  @Redirect('/login', 302)
  @ApiTags('auth')
  @ApiOperation({ summary: 'Redirects a signed-out browser to the login screen' })
  toLoginScreen(): void {}
}
