import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { EmbedClientEntity } from './entities/embed-client.entity';
import { EmbedClientsHandlers } from './embed-clients.handlers';
import { EmbedClientsService } from './embed-clients.service';

@Module({
  imports: [TypeOrmModule.forFeature([EmbedClientEntity, UserEntity])],
  controllers: [EmbedClientsHandlers],
  providers: [EmbedClientsService],
})
export class EmbedClientsModule {}
