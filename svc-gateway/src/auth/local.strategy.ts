import { User } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { IdentityClient } from '../identity/identity.client';

/** Username and password, checked by svc-identity (which answers 401 for either being wrong). */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly identity: IdentityClient) {
    super({ usernameField: 'username', passwordField: 'password' });
  }

  validate(username: string, password: string): Promise<User> {
    return this.identity.verifyCredentials({ username, password });
  }
}
