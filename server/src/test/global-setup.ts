import {
  createPostgresTemplate,
  PG_TEMPLATE_ENV,
  PGLITE_DUMP_ENV,
  pgliteTemplateDump,
} from './db-template.ts';

// vitest globalSetup of the server project (root vitest.config.ts): runs once per run, before any test file, in
// vitest's own process; the workers it forks afterwards inherit these variables. Test files then only copy the
// template (test/db.ts) instead of each running initdb and the migrations.
export async function setup(): Promise<(() => Promise<void>) | void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    process.env[PGLITE_DUMP_ENV] = await pgliteTemplateDump();
    return;
  }
  const template = await createPostgresTemplate(adminUrl);
  process.env[PG_TEMPLATE_ENV] = template.name;
  return async () => {
    delete process.env[PG_TEMPLATE_ENV];
    await template.drop();
  };
}
