import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (npm run db:generate) writes SQL migrations into ./drizzle; the server applies
// them at start-up from the same folder, on PGlite and on Postgres alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
