import { startServer } from '../server/index';
import { ensureClientBuild } from './client-build';

// `npm start`: build the client if it is missing or stale, then migrate and serve.
ensureClientBuild();
startServer().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
