// The app's entry, fetched by web/entry-client.tsx after the page's largest paint together with every module
// it needs (all module-preloaded at once, so nothing below waits on the network). Evaluating a module graph
// is one task however many files it spans: React with its DOM renderer (the largest part) is evaluated
// first, then, after a turn of the event loop, the router, the page frame and the page (web/startApp.tsx),
// so that a tap or a key press waits for one of them instead of both (about 300-550 ms of main thread at 4x
// CPU slowdown as one task). Vite's preload helper, which these imports go through, is a chunk of its own
// (vite.config.ts): in the frame's chunk it would make all of it part of this module's static graph. docs/decisions/0009-first-paint-from-html.md.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await import('react-dom/client');
await nextTask();
await import('./startApp.tsx');

export {};
