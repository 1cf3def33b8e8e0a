import {
  AuthorizeEmbedClientReply,
  AuthorizeEmbedClientRequest,
  Caller,
  CreatedEmbedClient,
  EMBED_CLIENT_NOT_FOUND_MESSAGE,
  EMBED_CLIENT_REFUSED_MESSAGE,
  EMBED_USER_UNKNOWN_MESSAGE,
  EmbedClient,
  EmbedClientList,
} from '@masar/contracts';
import { requireAdmin, rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Repository } from 'typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { EmbedClientEntity } from './entities/embed-client.entity';

/**
 * A secret is 32 random bytes, so a plain SHA-256 is enough to keep it: a slow hash (argon2) guards
 * guessable passwords, and nobody can guess 256 random bits whatever the hash's speed.
 */
function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

function toEmbedClient(entity: EmbedClientEntity): EmbedClient {
  return {
    id: entity.id,
    clientId: entity.clientId,
    name: entity.name,
    createdAt: entity.createdAt.toISOString(),
    revokedAt: entity.revokedAt ? entity.revokedAt.toISOString() : null,
  };
}

/** A hash of a secret nobody has: unknown client ids cost the same comparison as known ones. */
const DECOY_HASH = hashSecret(randomBytes(32).toString('base64url'));

@Injectable()
export class EmbedClientsService {
  constructor(
    @InjectRepository(EmbedClientEntity) private readonly clients: Repository<EmbedClientEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  async create(caller: Caller, name: string): Promise<CreatedEmbedClient> {
    requireAdmin(caller);
    const clientSecret = randomBytes(32).toString('base64url');
    const saved = await this.clients.save(
      this.clients.create({
        clientId: `masar-embed-${randomBytes(9).toString('base64url')}`,
        name,
        secretHash: hashSecret(clientSecret),
        createdBy: caller.id,
        revokedAt: null,
      }),
    );
    return { client: toEmbedClient(saved), clientSecret };
  }

  async list(caller: Caller): Promise<EmbedClientList> {
    requireAdmin(caller);
    const clients = await this.clients.find({ order: { createdAt: 'DESC' } });
    return { clients: clients.map(toEmbedClient) };
  }

  /** Revoking twice keeps the first time: the client stopped working then. */
  async revoke(caller: Caller, id: string): Promise<EmbedClient> {
    requireAdmin(caller);
    const client = await this.clients.findOneBy({ id });
    if (!client) throw rpcError(404, EMBED_CLIENT_NOT_FOUND_MESSAGE);
    if (!client.revokedAt) {
      client.revokedAt = new Date();
      await this.clients.save(client);
    }
    return toEmbedClient(client);
  }

  /** Unknown client, wrong secret and revoked client get one answer, so none of them can be told apart. */
  async authorize(request: AuthorizeEmbedClientRequest): Promise<AuthorizeEmbedClientReply> {
    const client = await this.clients.findOneBy({ clientId: request.clientId });
    const expected = Buffer.from(client?.secretHash ?? DECOY_HASH, 'hex');
    const given = Buffer.from(hashSecret(request.clientSecret), 'hex');
    if (!client || !timingSafeEqual(expected, given) || client.revokedAt) throw rpcError(401, EMBED_CLIENT_REFUSED_MESSAGE);
    const user = await this.users.createQueryBuilder('person').where('lower(person.email) = :email', { email: request.userEmail }).getOne();
    if (!user || !user.active) throw rpcError(404, EMBED_USER_UNKNOWN_MESSAGE);
    return { clientId: client.clientId, userId: user.id };
  }

  async isActive(clientId: string): Promise<boolean> {
    const client = await this.clients.findOneBy({ clientId });
    return client !== null && client.revokedAt === null;
  }
}
