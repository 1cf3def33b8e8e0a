import { serviceHealthReplySchema } from '@masar/contracts';
import { DataSource } from 'typeorm';
import { progressDataSourceOptions } from '../database/data-source';
import { HealthService } from './health.service';

describe('HealthService', () => {
  it('reports itself down, naming Postgres, when the database cannot be reached', async () => {
    // Nothing listens on port 1, so the connection is refused at once.
    const unreachable = new DataSource(progressDataSourceOptions('postgres://postgres@127.0.0.1:1/masar'));
    await expect(unreachable.initialize()).rejects.toThrow();

    const reply = await new HealthService(unreachable).check();

    expect(serviceHealthReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toMatchObject({ service: 'progress', status: 'down', checks: { postgres: 'down' } });
  });
});
