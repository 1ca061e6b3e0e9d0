// `npm run dev`: the server with the development aids (reset link on screen, pretty logs, the admin123 admin).
// Set here rather than as `NODE_ENV=development node …` in package.json, so the script also runs on Windows shells.
process.env.NODE_ENV = 'development';
await import('./server.ts');

export {};
