import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';

type Done<T> = (error: Error | null, value?: T | false) => void;

/**
 * Keeps only the user id in the session. Deserializing does not call identity: the session
 * guard reads the user once per request, and only on routes that need one.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: Express.User, done: Done<string>): void {
    done(null, user.id);
  }

  deserializeUser(id: unknown, done: Done<Express.User>): void {
    done(null, typeof id === 'string' ? { id } : false);
  }
}
