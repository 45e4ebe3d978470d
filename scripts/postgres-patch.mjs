// Loaded before the app (scripts/start.mjs; `node --import ./scripts/postgres-patch.mjs` elsewhere):
// registers scripts/postgres-patch-hooks.mjs, which mends one line of postgres.js 3.4.9 as Node
// loads it (decision 270).
import { register } from 'node:module';

register('./postgres-patch-hooks.mjs', import.meta.url);
