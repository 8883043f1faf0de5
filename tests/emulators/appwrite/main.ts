// CLI: node tests/emulators/appwrite/main.ts  → the Appwrite emulator on http://localhost:8790/v1
// Environment:
//   APPWRITE_EMULATOR_PORT     8790
//   APPWRITE_EMULATOR_DATA     .data/appwrite-emulator.sqlite (":memory:" keeps nothing)
//   APPWRITE_EMULATOR_ORIGINS  comma-separated web origins allowed with credentials; default http://localhost:8787
//   APPWRITE_EMULATOR_SEED     path of a module exporting `seed` (or a default export) with the schema, keys and users
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { start, type Seed } from './index.ts';

const port = Number(process.env.APPWRITE_EMULATOR_PORT ?? 8790);
const dataFile = process.env.APPWRITE_EMULATOR_DATA ?? '.data/appwrite-emulator.sqlite';
const origins = (process.env.APPWRITE_EMULATOR_ORIGINS ?? 'http://localhost:8787').split(',').map((s) => s.trim()).filter(Boolean);
let seed: Seed | undefined;
if (process.env.APPWRITE_EMULATOR_SEED) {
  const mod = (await import(pathToFileURL(resolve(process.env.APPWRITE_EMULATOR_SEED)).href)) as { seed?: Seed; default?: Seed };
  seed = mod.seed ?? mod.default;
}

const appwrite = await start({ port, dataFile, origins, seed });
console.log(`Appwrite emulator: ${appwrite.url} (data: ${dataFile})`);
console.log(`Mailbox: ${appwrite.mailboxUrl} · JSON: ${appwrite.mailboxApiUrl}`);
const stop = () => void appwrite.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
