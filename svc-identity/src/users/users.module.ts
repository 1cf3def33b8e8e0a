import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './entities/user.entity';
import { PeopleImportService } from './import/people-import.service';
import { PasswordHasher } from './password-hasher';
import { UsersSeeder } from './seed-users';
import { UsersHandlers } from './users.handlers';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [UsersHandlers],
  providers: [UsersService, PeopleImportService, PasswordHasher, UsersSeeder],
  exports: [UsersService],
})
export class UsersModule {}
