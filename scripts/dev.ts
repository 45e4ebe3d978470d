/**
 * npm run dev: the API server in watch mode (tsx) on DEV_SERVER_PORT and Vite with HMR on PORT,
 * which proxies /api, /trpc (websockets too) and /dev to the server: one URL for everything.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { loadToolsEnv } from '../src-server/config/tools-env';

const root = resolve(import.meta.dirname, '..');
const { PORT: port, DEV_SERVER_PORT: serverPort } = loadToolsEnv();

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-preserve-output', join(root, 'src-server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(serverPort), HOST: '127.0.0.1', WEB_DIST_DIR: '.data/no-web-build' },
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DEV_SERVER_PORT: String(serverPort) },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) stop();
  });
