import { buildClient } from './client-build';
import { buildServer } from './server-build';

// `npm run build`: the client bundle, the server's page renderer and compressed copies; then the
// server module that `npm start` runs.
buildClient();
buildServer();
