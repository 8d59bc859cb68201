import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The platform tables in src/db/schema.ts, each area's in src/<area>/schema.ts.
  schema: './src/**/schema.ts',
  out: './drizzle',
});
