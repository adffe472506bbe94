import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from src/server/db/schema.ts.
// Migrations are committed and applied at start-up (src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
