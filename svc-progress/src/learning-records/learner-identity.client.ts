import { IDENTITY_SUBJECTS, isErrorReply, REQUEST_ID_HEADER, type SsoAccountOfUserReply, ssoAccountOfUserReplySchema, userReplySchema } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from 'nats';
import { firstValueFrom, timeout } from 'rxjs';
import { NATS_CLIENT } from '@masar/contracts/service-kit';

/** How long to wait for svc-identity; the event waits on the stream and is tried again if it is away. */
const IDENTITY_TIMEOUT_MS = 5000;

/** Asks svc-identity how to name a learner (email or SSO account): svc-identity owns people, svc-progress keeps only their ids. */
@Injectable()
export class LearnerIdentityClient {
  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  /** Null when the person no longer exists (404); svc-identity away or slow throws, so the event is tried again. */
  async emailOf(userId: string): Promise<string | null> {
    const answer = await this.ask(IDENTITY_SUBJECTS.GET_USER, userId);
    return answer === null ? null : userReplySchema.parse(answer).user.email;
  }

  /**
   * The identity provider's name for the person: `ssoAccount` null for one who signs in with a Masar
   * password; null altogether when the person no longer exists.
   */
  async ssoAccountOf(userId: string): Promise<SsoAccountOfUserReply | null> {
    const answer = await this.ask(IDENTITY_SUBJECTS.GET_SSO_ACCOUNT, userId);
    return answer === null ? null : ssoAccountOfUserReplySchema.parse(answer);
  }

  private async ask(subject: string, userId: string): Promise<unknown> {
    const headers = natsHeaders();
    headers.set(REQUEST_ID_HEADER, randomUUID());
    const record = new NatsRecordBuilder({ id: userId }).setHeaders(headers).build();
    try {
      return await firstValueFrom(this.nats.send<unknown>(subject, record).pipe(timeout(IDENTITY_TIMEOUT_MS)));
    } catch (error) {
      if (isErrorReply(error) && error.statusCode === 404) return null;
      throw error;
    }
  }
}
