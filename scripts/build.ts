import { buildClient } from './client-build';

// `npm run build`: the client bundle, the prerendered landing page and compressed copies.
buildClient();
