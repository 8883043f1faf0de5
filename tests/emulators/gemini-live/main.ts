// Runs the Gemini Live emulator on its own: node tests/emulators/gemini-live/main.ts [port] (default 8792).
import { start } from './server.ts';

const live = await start(Number(process.argv[2] ?? process.env.GEMINI_LIVE_EMULATOR_PORT ?? 8792));
console.log(`Gemini Live emulator: ${live.url} (sessions: ${live.controlUrl}/__sessions)`);
