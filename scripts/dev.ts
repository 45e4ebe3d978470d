/**
 * npm run dev: the API server in watch mode (tsx) on DEV_SERVER_PORT and Vite with HMR on PORT,
 * which proxies /api, /trpc (websockets too) and /dev to the server: one URL for everything.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const serverPort = process.env.DEV_SERVER_PORT ?? '3001';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-preserve-output', join(root, 'src-server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: serverPort, HOST: '127.0.0.1', WEB_DIST_DIR: '.data/no-web-build' },
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', port, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DEV_SERVER_PORT: serverPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { if (code) stop(); });
