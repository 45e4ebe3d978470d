import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';
import { connectDatabase, type Database } from '../db/client';
import { databaseUrl } from './template';

/**
 * A fresh, migrated database for the calling test file: a clone of the run's template
 * (CREATE DATABASE ... TEMPLATE is a file copy, far faster than migrating). Dropped after the file.
 */
export async function createTestDatabase(): Promise<Database> {
  const { adminUrl, template } = inject('pg');
  const name = `t_${process.pid}_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const database = connectDatabase(databaseUrl(adminUrl, name), { max: 10 });
  afterAll(async () => {
    await database.close();
    const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
  });
  return database;
}
