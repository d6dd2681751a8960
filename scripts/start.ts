import { ensureClientBuild } from './client-build';
import { ensureServerBuild } from './server-build';

// `npm start`, first step: build the client and the server module when missing or stale. The
// second step (package.json) runs the server module with plain Node, which migrates and serves.
ensureClientBuild();
ensureServerBuild();
