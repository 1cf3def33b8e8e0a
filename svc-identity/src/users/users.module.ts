import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SsoAccountEntity } from './entities/sso-account.entity';
import { UserEntity } from './entities/user.entity';
import { PeopleImportService } from './import/people-import.service';
import { PasswordHasher } from './password-hasher';
import { UsersSeeder } from './seed-users';
import { UsersHandlers } from './users.handlers';
import { SsoAccountsService } from './sso-accounts.service';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, SsoAccountEntity])],
  controllers: [UsersHandlers],
  providers: [UsersService, SsoAccountsService, PeopleImportService, PasswordHasher, UsersSeeder],
  exports: [UsersService],
})
export class UsersModule {}
