import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

@Injectable()
export class PasswordHasher {
  /**
   * A hash of a random secret, checked when the username is unknown so that a wrong
   * username costs as much time as a wrong password and timing cannot tell them apart.
   */
  private readonly decoyHash: Promise<string> = argon2.hash(randomBytes(32), ARGON2_OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(passwordHash, password);
    } catch {
      // A malformed stored hash must not open the door, nor reveal itself to the caller.
      return false;
    }
  }

  /** Spends the same work as `verify` and always answers false. */
  async verifyAgainstDecoy(password: string): Promise<false> {
    await this.verify(await this.decoyHash, password);
    return false;
  }
}
