// `npm run appwrite:setup`: creates the product's database, collections, attributes and indexes
// (shared/appwrite/schema.ts), and its Storage buckets, in the Appwrite project of APPWRITE_ENDPOINT and APPWRITE_PROJECT_ID, with
// APPWRITE_API_KEY (scopes databases.*, collections.*, attributes.*, indexes.*, buckets.*, files.*: read and write). Values come
// from the environment, else from .dev.vars (or .dev.vars.example). Safe to run again: what exists is left
// as it is; what exists with other settings is listed (exit code 1). `npm run appwrite:setup -- --fix`
// repairs what Appwrite can change in place (collection permissions and document security, an attribute's
// required flag, default, size or elements) and lists what it changed; nothing is ever deleted. Records
// from before the staff inbox get their inquiry (status New).
import { localVarsFile, readVars } from './lib/vars.ts';
import { setupAppwrite, SetupError } from './lib/appwrite-setup.ts';

const file = localVarsFile();
const fromFile = readVars(file);
const value = (name: string) => process.env[name] || fromFile[name] || '';

const endpoint = value('APPWRITE_ENDPOINT');
const projectId = value('APPWRITE_PROJECT_ID');
const apiKey = value('APPWRITE_API_KEY');
const databaseId = value('APPWRITE_DATABASE_ID') || undefined;

const missing = [['APPWRITE_ENDPOINT', endpoint], ['APPWRITE_PROJECT_ID', projectId], ['APPWRITE_API_KEY', apiKey]].filter(([, v]) => !v).map(([k]) => k);
if (missing.length) {
  console.error(`appwrite:setup needs ${missing.join(', ')} (from the environment or ${file}).`);
  process.exit(1);
}

try {
  const fix = process.argv.includes('--fix');
  const report = await setupAppwrite({ endpoint, projectId, apiKey, databaseId, fix, log: (line) => console.log(line) });
  console.log(`\nAppwrite setup: ${report.created.length} created, ${report.existing.length} already there, ${report.fixed.length} fixed, ${report.differences.length} different from the schema.`);
  if (report.backfilled) console.log(`Staff inbox: ${report.backfilled} earlier records got an inquiry (status New).`);
  if (report.fixed.length) {
    console.log('Changed to match the schema:');
    for (const d of report.fixed) console.log(`  - ${d}`);
  }
  if (report.differences.length) {
    console.log(fix
      ? 'These exist with other settings that cannot be changed in place; change them in the Appwrite console (or delete them and run the setup again):'
      : 'These exist with other settings and were left as they are; run `npm run appwrite:setup -- --fix` to repair what can be repaired in place, or change them in the Appwrite console:');
    for (const d of report.differences) console.log(`  - ${d}`);
    process.exit(1);
  }
} catch (err) {
  if (err instanceof SetupError) {
    console.error(`\nappwrite:setup stopped: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
