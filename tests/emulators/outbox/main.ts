// Runs the outbox stand-in on its own: node tests/emulators/outbox/main.ts [port] (default OUTBOX_PORT or 8794).
import { start } from './server.ts';

const outbox = await start(Number(process.argv[2] ?? process.env.OUTBOX_PORT ?? 8794));
console.log(`Outbox stand-in: ${outbox.url} (JSON: ${outbox.url}/__outbox; push messages: ${outbox.url}/__pushes)`);
