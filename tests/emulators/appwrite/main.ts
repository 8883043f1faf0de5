// CLI: node tests/emulators/appwrite/main.ts  → the Appwrite emulator on http://localhost:8790/v1
// Environment: APPWRITE_EMULATOR_PORT (8790), APPWRITE_EMULATOR_DATA (.data/appwrite-emulator.sqlite, or :memory:),
// APPWRITE_EMULATOR_ORIGINS (comma-separated, default http://localhost:8787).
import { start } from './index.ts';

const port = Number(process.env.APPWRITE_EMULATOR_PORT ?? 8790);
const dataFile = process.env.APPWRITE_EMULATOR_DATA ?? '.data/appwrite-emulator.sqlite';
const origins = (process.env.APPWRITE_EMULATOR_ORIGINS ?? 'http://localhost:8787').split(',').map((s) => s.trim()).filter(Boolean);

const appwrite = await start({ port, dataFile, origins });
console.log(`Appwrite emulator: ${appwrite.url} (data: ${dataFile})`);
console.log(`Mailbox: ${appwrite.mailboxUrl} · JSON: ${appwrite.mailboxApiUrl}`);
const stop = () => void appwrite.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
