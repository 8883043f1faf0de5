// Placeholder until the FormSubmit emulator lands.
import { createServer } from 'node:http';
export async function start(port: number) {
  const server = createServer((_req, res) => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end('{"success":"true"}'); });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { name: 'FormSubmit', url: `http://localhost:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
