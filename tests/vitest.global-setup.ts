// Builds each project's migrated template database once per test run (PGlite for `pglite`, PostgreSQL for
// `postgres`); every test file then copies one instead of creating and migrating its own. `unit` needs neither.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '@rhema/db';
import { pgTemplateDatabase } from '@rhema/db/testing';
import { createDatabase, dropDatabase, withDatabaseName } from '@rhema/db/testing-pg';
import { redisForTests } from './redis-expected';

export default async function setup(project: TestProject) {
  // the Redis-only tests (describe.runIf(process.env.REDIS_URL)) may not skip silently in CI: tests/redis-expected.ts
  await redisForTests();
  if (project.name === 'pglite') return pgliteTemplate(project);
  if (project.name === 'postgres') return postgresTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const dir = resolve(import.meta.dirname, '../.data/test');
  await mkdir(dir, { recursive: true });
  const templatePath = resolve(dir, `pglite-template-${process.pid}.tar`);
  const handle = await createDb({ pgliteDataDir: 'memory://' });
  await migrateToLatest(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplatePath', templatePath);
  return () => rm(templatePath, { force: true });
}

async function postgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = pgTemplateDatabase(process.pid);
  project.provide('postgresServerUrl', serverUrl ?? '');
  project.provide('postgresTemplateDatabase', template);
  if (serverUrl) {
    await dropDatabase(serverUrl, template);
    await createDatabase(serverUrl, template);
    const pgHandle = await createDb({ databaseUrl: withDatabaseName(serverUrl, template) });
    await migrateToLatest(pgHandle.db);
    await pgHandle.close();
  }

  return async () => {
    if (serverUrl) await dropDatabase(serverUrl, template);
  };
}
