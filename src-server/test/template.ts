import postgres from 'postgres';
import { runMigrations } from '../db/migrate';

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates and migrates the template database test files clone. */
export async function prepareTemplate(adminUrl: string, template: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${template}"`);
  } finally {
    await admin.end();
  }
  await runMigrations(databaseUrl(adminUrl, template));
}
