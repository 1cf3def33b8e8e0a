import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { PeopleImportUploadInterceptor } from './people-import-upload.interceptor';
import { UsersController } from './users.controller';

@Module({ imports: [IdentityModule], controllers: [UsersController], providers: [PeopleImportUploadInterceptor] })
export class UsersModule {}
