import { defineConfig } from 'drizzle-kit';

// Generation only diffs schema files against drizzle/ snapshots; no database connection needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src-server/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
