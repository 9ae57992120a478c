/** drizzle-kit configuration: one schema, SQL migrations committed under drizzle/. */
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
})
